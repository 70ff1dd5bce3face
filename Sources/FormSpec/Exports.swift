// The embedding surface: one `import FormSpec` gives the compiler, the runtime and diagnostics.
@_exported import FormSpecCompiler
@_exported import FormSpecDiagnostics
@_exported import FormSpecRuntime
