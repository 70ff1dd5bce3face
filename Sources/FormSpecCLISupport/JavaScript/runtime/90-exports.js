// The module's public surface; every other name in the module is internal.
//
// Options (all optional): locale ("ja", "zh-TW"; default the spec's), mode ("new" | "edit" |
// "show"; default "edit" with `original`, else "new"), original (the values before editing: an
// object, or JSON text), today ("YYYY-MM-DD"; default the local date), stubs ({check: true|false}:
// the outcome of each external check), strict (input keys that are not fields are form errors),
// report ("full" | "errors": the shape of what `validate` returns; default "full").

/** The form's name (its `form:`). */
export const form = PROGRAM.form;

/**
 * Validates an input object. Numbers are read from their shortest round-trip text (what
 * JSON.stringify writes); pass the JSON text to `validateJSON` to keep more digits than a double.
 */
export function validate(input, options = {}) {
    return fsValidateJS(fsProgram(), input, options);
}

/** Validates an input given as JSON text, numbers read exactly as written. */
export function validateJSON(text, options = {}) {
    return fsValidate(fsProgram(), fsParseInput(text), options);
}

/**
 * The report as JSON text: the bytes `formspec validate --format json --report full|errors` prints
 * for the same input and options (without the newline).
 */
export function reportJSON(report) {
    return fsReportJSON(report);
}

/** A live form for a page: values as a person types, each field's checklist and message. */
export function createForm(options = {}) {
    return fsCreateLiveForm(fsProgram(), options);
}

/** What `validate` throws for an input it cannot validate (not an object, a check without an outcome). */
export class FormSpecError extends Error {
    constructor(message) {
        super(message);
        this.name = "FormSpecError";
    }
}
