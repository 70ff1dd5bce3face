// Must NOT type-check: each line below is a mistake the nested declarations catch. The test
// expects tsc to fail on exactly the lines carrying the marker (test/typecheck.mjs).
import { validate } from "./order.js";

validate({ "address.stret": "Dam 1" }); // error: no field `address.stret`
validate({ "line_items.0.sku": 12 }); // error: a text field takes text
validate({ "gift_options.0": "bow" }); // error: not one of the options
validate({ "line_items.first.sku": "ABC-1234" }); // error: an item's index is a number
validate({ "line_items.0": { skew: "ABC-1234" } }); // error: an item has no field `skew`
validate({ address: { "street.name": "Dam" } }); // error: a path is given at the root only
validate({}, { stubs: { coupon: true } }); // error: the form has no external check to stub
