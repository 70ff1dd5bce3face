// Serves a folder on loopback with the page's Content-Security-Policy: enough to load an ES module
// page (a browser refuses modules from file:// URLs). Used by chromium.mjs; run it to try the page:
//
//   node Examples/web/test/server.mjs [PORT]        then open http://127.0.0.1:PORT/
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep, dirname } from "node:path";
import { fileURLToPath } from "node:url";

/** The policy the page must work under: nothing inline, nothing from elsewhere. */
export const contentSecurityPolicy = "default-src 'self'";

const types = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".png": "image/png",
    ".svg": "image/svg+xml",
};

/** Starts serving `root` on 127.0.0.1 (`port` 0: any free port); resolves to the server and its URL. */
export function serve(root, port = 0) {
    const server = createServer(async (request, response) => {
        const path = decodeURIComponent(new URL(request.url, "http://localhost").pathname);
        const file = normalize(join(root, path.endsWith("/") ? path + "index.html" : path));
        // Only files under the root, and not the tests.
        if (!file.startsWith(root + sep) || file.startsWith(join(root, "test") + sep) || request.method !== "GET") {
            response.writeHead(404).end();
            return;
        }
        try {
            const body = await readFile(file);
            response.writeHead(200, {
                "Content-Type": types[extname(file)] ?? "application/octet-stream",
                "Content-Security-Policy": contentSecurityPolicy,
                "Cache-Control": "no-store",
            });
            response.end(body);
        } catch {
            response.writeHead(404).end();
        }
    });
    return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => {
            resolve({ server, url: `http://127.0.0.1:${server.address().port}/` });
        });
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const root = normalize(join(dirname(fileURLToPath(import.meta.url)), ".."));
    const { url } = await serve(root, Number(process.argv[2] ?? 8080));
    console.log(`serving ${root} at ${url} (Ctrl-C to stop)`);
}
