// The embedding surface: one `import FormSpec` gives the compiler, the runtime, live forms and
// diagnostics. Apps that ship a program compiled ahead of time can import `FormSpecLive` alone
// (no compiler, no libyaml).
@_exported import FormSpecCompiler
@_exported import FormSpecDiagnostics
@_exported import FormSpecLive
@_exported import FormSpecRuntime
@_exported import FormSpecSpecTesting
