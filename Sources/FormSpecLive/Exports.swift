// `import FormSpecLive` gives the runtime too: programs, reports and values.
@_exported import FormSpecDiagnostics
@_exported import FormSpecRuntime
