// Must NOT type-check (README.md): each line below is a mistake the declarations catch. The test
// expects tsc to fail on exactly the lines carrying the marker (test/typecheck.mjs).
import { createForm, validate } from "./signup.js";
import type { ErrorsReport } from "./signup.js";

validate({ usernme: "alice" }); // error: no field `usernme`
const live = createForm({ checks: { username_availabel: true } }); // error: no check `username_availabel`
live.set("pasword", "x"); // error: no field `pasword`
const message: string = live.field("username")!.message; // error: the message may be null
validate({ username: 42 }); // error: a text field takes text
const short: ErrorsReport = validate({}, { locale: "en" }); // error: without report: "errors" the report is a full one
