// The module's exports. `Input` (the input object), `FieldPath` (every field's path) and
// `CheckName` (every external check, `never` when none) are declared above, for this form.

/** A failing rule: `rule` is the rule key (`min_length`), `type`, `choice`, `check` or a define's name. */
export interface Issue {
    readonly rule: string;
    readonly message: string;
}

/** One checklist line of a report: a rule whose `when:` holds, and whether it passed. */
export interface Check {
    readonly rule: string;
    readonly passed: boolean;
    readonly requirement: string;
}

/** One active field in a full report. */
export interface FieldReport {
    /** The field has no error (warnings do not count). */
    readonly valid: boolean;
    /** Failing error-severity rules, in rule order (only the first with `report: first`). */
    readonly errors: readonly Issue[];
    /** Failing warning-severity rules; present only when there is one. */
    readonly warnings?: readonly Issue[];
    /** Every applicable rule's requirement, in order: a checklist for UIs. */
    readonly checks: readonly Check[];
}

/**
 * `validate`'s answer with `report: "full"` (the default): `JSON.stringify` of it is byte for byte
 * what `formspec validate --format json --report full` prints.
 */
export interface FullReport {
    /** The form's name. */
    readonly form: string;
    /** Every active field has no error and no form rule failed. */
    readonly valid: boolean;
    /** One entry per active field, in spec order; inactive fields (and all in `show` mode) are absent. */
    readonly fields: { readonly [P in FieldPath]?: FieldReport };
    /** Failing form rules (and unknown keys in strict mode). */
    readonly form_errors: readonly Issue[];
    /** Edit mode only: the fields whose value differs from the original. */
    readonly changed?: readonly FieldPath[];
}

/** `validate`'s answer with `report: "errors"`: only what fails, empty members left out. */
export interface ErrorsReport {
    readonly valid: boolean;
    /** Never here (a full report's): so a full report is not taken for this one. */
    readonly fields?: never;
    readonly errors?: { readonly [P in FieldPath]?: readonly Issue[] };
    readonly warnings?: { readonly [P in FieldPath]?: readonly Issue[] };
    readonly form_errors?: readonly Issue[];
}

/** Either report. */
export type Report = FullReport | ErrorsReport;

/** `new` (default), `edit` (with the values before editing) or `show` (nothing is checked). */
export type Mode = "new" | "edit" | "show";

/**
 * An answer per external check, by its name. A form without checks takes none: an object literal
 * naming one is an error, as the name would answer nothing.
 */
export type ByCheck<T> = [CheckName] extends [never]
    ? { readonly [name: string]: never }
    : { [C in CheckName]?: T | undefined };

/** Options of `validate` and `validateJSON`. */
export interface ValidateOptions<R extends "full" | "errors" = "full" | "errors"> {
    /** The locale of messages (`"ja"`, `"zh-TW"`); default the spec's. */
    locale?: string | undefined;
    /** Default `"edit"` when `original` is given, else `"new"`. */
    mode?: Mode | undefined;
    /** The values before editing: an object, or JSON text. */
    original?: Input | string | undefined;
    /** What `today` means in date rules and defaults (`"YYYY-MM-DD"`); default the local date. */
    today?: string | undefined;
    /** The outcome of each external check (`validate` cannot wait for an async one). */
    stubs?: ByCheck<boolean> | undefined;
    /** Input keys that are not fields are form errors. */
    strict?: boolean | undefined;
    /** The shape of the answer: `"full"` (default) or `"errors"`. */
    report?: R | undefined;
}

/** The form's name (its `form:`). */
export declare const form: string;

/**
 * Validates an input object. Numbers are read from their shortest round-trip text; pass JSON text
 * to `validateJSON` to keep more digits than a double.
 * @throws {FormSpecError} when the input is not an object, or a check has no outcome.
 */
export declare function validate(input: Input, options?: ValidateOptions<"full">): FullReport;
export declare function validate(input: Input, options: ValidateOptions<"errors"> & { report: "errors" }): ErrorsReport;
export declare function validate(input: Input, options?: ValidateOptions): Report;

/** Validates an input given as JSON text, numbers read exactly as written. */
export declare function validateJSON(text: string, options?: ValidateOptions<"full">): FullReport;
export declare function validateJSON(text: string, options: ValidateOptions<"errors"> & { report: "errors" }): ErrorsReport;
export declare function validateJSON(text: string, options?: ValidateOptions): Report;

/** The report as the JSON text `formspec validate --format json` prints (without the newline). */
export declare function reportJSON(report: Report): string;

/** What `validate` throws for an input it cannot validate; a check can throw it to show its message as is. */
export declare class FormSpecError extends Error {
    constructor(message: string);
    readonly name: "FormSpecError";
}

// MARK: The live form

/**
 * An external check of a live form: `true` when the value passes. It gets the field's value as
 * text (`"alice"`, `"42"`, `"2024-02-29"`), and a signal aborted when the value changes before it
 * answers (its answer is dropped anyway). A `FormSpecError` it throws shows its message as is; any
 * other error shows "Could not check {label}: {error's message}".
 */
export type CheckFunction = (
    value: string,
    context: { readonly signal: AbortSignal; readonly field: FieldPath; readonly check: CheckName },
) => boolean | Promise<boolean>;

/** The timers a live form waits on (debounces); tests pass a manual clock. */
export interface Scheduler {
    setTimeout(callback: () => void, milliseconds: number): unknown;
    clearTimeout(handle: any): void;
}

/** Options of `createForm`. */
export interface FormOptions {
    /** The locale of messages and labels; default the spec's. */
    locale?: string | undefined;
    /** Default `"edit"` when `original` is given, else `"new"`. */
    mode?: Mode | undefined;
    /** Initial values (over the original values, over the spec's defaults). */
    values?: Input | undefined;
    /** The values before editing: what `isDirty` compares with. Default: the initial values. */
    original?: Input | undefined;
    /** What `today` means (`"YYYY-MM-DD"`); default the local date. */
    today?: string | undefined;
    /**
     * The external checks: a function runs after the check's debounce (the field pending
     * meanwhile); `true` or `false` answers at once. A check with neither is a field error.
     */
    checks?: ByCheck<CheckFunction | boolean> | undefined;
    /** The timers debounces wait on; default the global `setTimeout`/`clearTimeout`. */
    scheduler?: Scheduler | undefined;
}

/** One line of a field's checklist ("A minimum of 8 characters ✓"). */
export interface Requirement {
    /** The position in the checklist. */
    readonly id: number;
    /** The rule's name (`min_length`, `required`, `check`, or a `define:` name). */
    readonly rule: string;
    /** The requirement text, in the form's locale. */
    readonly text: string;
    /** Met, not met, or waiting for an external check. */
    readonly status: "passed" | "failed" | "pending";
    /** `status === "passed"`. */
    readonly passed: boolean;
}

/** The option of a `choice` field, its label in the form's locale. */
export interface ChoiceOption {
    readonly value: string;
    readonly label: string;
}

/** The JSON value of a field as set (raw: text as typed, before it is read as the field's type). */
export type RawValue = string | number | bigint | boolean | null | readonly RawValue[] | { readonly [key: string]: RawValue };

/** One field of a live form: its value, messages, checklist and interaction state. */
export interface LiveField {
    /** The field's path (its key in values and reports). */
    readonly name: FieldPath;
    /** The label, in the form's locale. */
    readonly label: string;
    /** The field's type (`text`, `integer`, `date`, …). */
    readonly type: string;
    /** A `choice` field's options, in spec order; a list of choices (a multi-select) has its items' options. */
    readonly options: readonly ChoiceOption[];
    /** The position in the spec. */
    readonly index: number;
    /** The current raw value; `undefined` when absent (the default applies). */
    readonly value: RawValue | undefined;
    /** The value as text (`""` when absent): what a text box shows. Setting it sets the value. */
    text: string;
    /** Whether the field's `when:` holds (inactive fields are neither checked nor reported). */
    readonly isActive: boolean;
    /** The failing error-severity rules, in priority order (only the first with `report: first`). */
    readonly errors: readonly Issue[];
    /** The failing warning-severity rules. */
    readonly warnings: readonly Issue[];
    /** The one message to show: the first error, or `null`. */
    readonly message: string | null;
    /** Every applicable rule's requirement and whether it is met. */
    readonly checklist: readonly Requirement[];
    /** The user has changed or left the field. */
    readonly isTouched: boolean;
    /** The value differs from the original. */
    readonly isDirty: boolean;
    /** An external check of the field is waiting out its debounce or running. */
    readonly isPending: boolean;
    /** New messages are held back while the user types (the field's `debounce:`). */
    readonly isDebouncing: boolean;
    /** The field has no error, shown or held back. */
    readonly isValid: boolean;
}

/** A form being filled in, re-validated as the user types: the model behind a page. */
export interface LiveForm {
    /** The fields, in spec order. */
    readonly fields: readonly LiveField[];
    /**
     * The field at `path`: inactive for a field of an item the list does not have (`set` on it
     * returns false), `undefined` for a path past the list's `max_items` or that names no field.
     */
    field(path: FieldPath): LiveField | undefined;
    /** The locale of messages and labels (`undefined`: the spec's); setting it re-renders them. */
    locale: string | undefined;
    /** Setting it re-evaluates every field. */
    mode: Mode;
    /** Form-level failures (`form_rules:`). */
    readonly formErrors: readonly Issue[];
    /** Every active field is valid and no form rule fails (pending checks count as passing). */
    readonly isValid: boolean;
    /** An external check is waiting out its debounce or running. */
    readonly isPending: boolean;
    /** A field differs from its original value. */
    readonly hasUnsavedChanges: boolean;
    /** A field's messages are held back while the user types in it. */
    readonly isDebouncing: boolean;
    /** Valid, nothing pending or held back, and in `edit` mode something changed. Never in `show` mode. */
    readonly canSubmit: boolean;
    /**
     * The current values (absent fields left out; a number a double cannot hold as its text, every
     * digit kept). Typed as the input, they are what was set: text a person typed that is not yet
     * valid (`"gigantic"` for a choice, `"12x"` for an integer) stays as typed until corrected.
     */
    readonly values: Input;
    /** The original values: what dirtiness is measured against. */
    readonly originalValues: Input;
    /** The fields whose value differs from the original, in spec order. */
    readonly changedFields: readonly FieldPath[];
    /** What `validate` would answer for the current values (pending checks not passed). */
    readonly report: FullReport;

    /** Sets a field's value (text as typed; `undefined` for absent). `false` when no such field. */
    set(path: FieldPath, value: RawValue | undefined, options?: { touch?: boolean | undefined }): boolean;
    /** Sets several fields at once; returns the names that are no field (ignored). */
    set(values: { readonly [P in FieldPath]?: RawValue | undefined }, options?: { touch?: boolean | undefined }): string[];
    /** Marks a field touched (the user left it). */
    touch(path: FieldPath): void;
    /** Marks every field touched: on a submit attempt. */
    touchAll(): void;
    /** Puts every field back to its original value, untouched. */
    discardChanges(): void;
    /** Makes the current values the original ones (after a save). */
    markSaved(): void;
    /** Replaces every value and the original values: the form as just opened on `values`. */
    reset(values?: Input): void;
    /** Re-evaluates every field, forgetting finished check answers. */
    revalidate(): void;
    /**
     * Runs pending checks now, shows every message, touches every field: what a submit button does.
     * When `signal` aborts, resolves at once to the report as it is then (running checks pending).
     */
    validateNow(options?: { signal?: AbortSignal | undefined }): Promise<FullReport>;
    /** Resolves when no check past its debounce is running. */
    settle(): Promise<void>;
    /**
     * Calls `listener` after every change; returns the function that unsubscribes it. A listener
     * that throws does not keep the others from being called: its error is reported afterwards.
     */
    subscribe(listener: (form: LiveForm) => void): () => void;
    /** Cancels every timer and running check, and starts none after it. */
    dispose(): void;
    /**
     * How many items a list can hold with fields of their own: its `max_items` (a list without one
     * holds 100). `undefined` when `path` is no list. What a page's "Add" button checks.
     */
    itemCapacity(path: FieldPath): number | undefined;
    /**
     * Appends an item to a list (`undefined`: an empty one). `false` when `path` is no list. An item
     * past `itemCapacity(path)` is still added to the list's value, which then fails `max_items`,
     * but has no fields to show or set.
     */
    appendItem(path: FieldPath, item?: RawValue): boolean;
    /** Inserts an item into a list at `position` (clamped). */
    insertItem(path: FieldPath, position: number, item?: RawValue): boolean;
    /** Removes the item at `position` of a list; `false` when there is none. */
    removeItem(path: FieldPath, position: number): boolean;
    /** Moves an item of a list; `false` when a position is out of range. */
    moveItem(path: FieldPath, from: number, to: number): boolean;
}

/** A live form for a page: values as a person types, each field's checklist and message. */
export declare function createForm(options?: FormOptions): LiveForm;
