// A typed use of a nested form's declarations (order.d.ts, from Specs/order.form.yaml): groups,
// lists of groups and of choices, each also given by its path, as the runtime reads them.
// `tsc --strict --noEmit` must accept it (test/typecheck.mjs); the module itself is not needed.
import { createForm, validate } from "./order.js";
import type { FieldPath, Input } from "./order.js";

const nested: Input = {
    line_items: [{ sku: "ABC-1234", quantity: 2 }, { sku: "XYZ-0001", quantity: "1", note: "blue" }],
    gift_options: ["wrap", "card"],
    country: "NL",
    address: { street: "Dam 1", postcode: "1012 JS" },
};
// The same fields by their paths: a group's member, a list's item, an item's field.
const byPath: Input = {
    "address.street": "Dam 1",
    "address.postcode": null,
    "line_items.0": { sku: "ABC-1234", quantity: 2 },
    "line_items.1.sku": "XYZ-0001",
    "line_items.1.quantity": "1",
    "gift_options.0": "ribbon",
};
const report = validate({ ...nested, ...byPath }, { report: "errors" });
// Read-only data is fine (an input is only read), and `undefined` is an absent field or option.
const frozen = { gift_options: ["wrap", "card"], line_items: [{ sku: "ABC-1234", quantity: 1 }] } as const;
const maybeLocale: string | undefined = undefined;
const fromConstants = validate({ ...frozen, country: undefined }, { locale: maybeLocale });
const paths: FieldPath[] = ["address.street", "line_items.12.note", "gift_options.3"];
const live = createForm({ values: byPath });
live.set("line_items.0.sku", "ABC-1235");
console.log(report.valid, fromConstants.valid, paths.length, live.isValid);

// A form without external checks takes an empty `stubs`, as a caller with a shared options object writes it.
validate(nested, { stubs: {} });
