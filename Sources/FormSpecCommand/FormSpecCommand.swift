import Foundation
import PackagePlugin

/// `swift package formspec check|test [PATHS…] [OPTIONS…]`: runs the `formspec` CLI on the
/// package's specs. Without paths it takes every `*.form.yaml` of the package's targets (so a
/// package's CI runs its spec tests with one command).
@main
struct FormSpecCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "formspec")
        guard let subcommand = arguments.first, ["check", "test"].contains(subcommand) else {
            Diagnostics.error("usage: swift package formspec check|test [PATHS…] [OPTIONS…]")
            throw CommandError.usage
        }
        var rest = Array(arguments.dropFirst())
        if !rest.contains(where: { !$0.hasPrefix("-") }) {
            let specs = context.package.targets.compactMap { $0 as? SourceModuleTarget }
                .flatMap { $0.sourceFiles(withSuffix: ".form.yaml").map(\.url.path) }
            guard !specs.isEmpty else {
                Diagnostics.warning("no *.form.yaml in any target of \(context.package.displayName)")
                return
            }
            rest = specs + rest
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = [subcommand] + rest
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandError.failed(subcommand: subcommand, status: process.terminationStatus)
        }
    }
}

enum CommandError: Error, CustomStringConvertible {
    case usage
    case failed(subcommand: String, status: Int32)

    var description: String {
        switch self {
        case .usage: "usage: swift package formspec check|test [PATHS…] [OPTIONS…]"
        case .failed(let subcommand, let status): "formspec \(subcommand) failed (exit \(status))"
        }
    }
}
