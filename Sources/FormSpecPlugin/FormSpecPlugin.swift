import Foundation
import PackagePlugin

/// Compiles every `*.form.yaml` of a target into Swift at build time (`formspec compile --emit
/// swift`), one generated file per spec, so the app embeds its forms compiled and never parses YAML.
///
/// A spec with an error fails the build; its diagnostics print as `file:line:col: error: …`, which
/// SwiftPM and Xcode show at the spec's line. The target's `*.rules.yaml` libraries and its other
/// specs are inputs too: editing one compiles the specs again.
@main
struct FormSpecPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "formspec")
        let libraries = target.sourceFiles(withSuffix: ".rules.yaml").map(\.url)
        let specs = target.sourceFiles(withSuffix: ".form.yaml").map(\.url)
        return specs.map { spec in
            let name = spec.lastPathComponent.dropLast(".form.yaml".count)
            let output = context.pluginWorkDirectoryURL.appending(path: "\(name).form.swift")
            // The target's other specs: two forms whose Swift types would have one name fail here,
            // at the spec, not as a type declared twice. They are inputs too, so that renaming a
            // form in one of them checks this one again.
            let others = specs.filter { $0 != spec }
            return .buildCommand(
                displayName: "Compiling form \(spec.lastPathComponent)",
                executable: tool.url,
                arguments: ["compile", spec.path, "--emit", "swift", "-o", output.path]
                    + others.flatMap { ["--alongside", $0.path] },
                inputFiles: [spec] + libraries + others,
                outputFiles: [output])
        }
    }
}
