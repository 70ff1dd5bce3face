// Values and the rules that read them: Values/*.swift (ExactDecimal, DecimalNumber, CivilDate,
// DateOffset, Scalar, FieldType.read; times are 45-times.js's), the operands of
// Rules/RuleEnvironment.swift, and Rules/FormatRule.swift, RangeRule.swift, MultipleOfRule.swift.
//
// Interface (names other pieces use):
//   class ExactDecimal { isNegative, digits (string of 0-9, no leading/trailing zeros; "" for 0),
//                        exponent (number), double (nearest JS number, ±Infinity beyond range) }
//     ExactDecimal.parse(text) -> ExactDecimal|null    ExactDecimal(_ text:) (DecimalNumber grammar)
//     ExactDecimal.fromInteger(bigint)                 ExactDecimal(Int64)
//     ExactDecimal.fromDouble(number) -> ExactDecimal|null   ExactDecimal(Double)
//     .isWhole .isZero .int64 (bigint|null) .equals(o) .compare(o) -> -1|0|1
//     .isMultipleOf(divisor) .adding(o) -> ExactDecimal|null .description
//   fsDecimalNumber(text) -> {isWhole, integer: bigint|null, double, exact}|null   DecimalNumber
//   class CivilDate { days }   CivilDate.fromParts(y, m, d)|null, CivilDate.parseISO(text)|null,
//     CivilDate.today() (local date), .components -> [y, m, d], .description, .adding(DateOffset),
//     .compare(o)
//   class DateOffset { amount, unit: "d"|"m"|"y" }   DateOffset.parseToday(text)|null
//     ("today", "today-18y"), DateOffset.parseStep(text)|null ("+30d", "1m")
//   CivilTime, TimeStep, OffsetDateTime: 45-times.js's
//   Scalar = {kind: "text"|"integer"|"number"|"boolean"|"date"|"time"|"datetime", value}
//     (value: string | bigint | ExactDecimal | boolean | CivilDate | CivilTime | OffsetDateTime)
//     fsScalarExactlyEquals(a, b), fsScalarCompare(a, b) -> -1|0|1|null, fsScalarDescription(s)
//     (what `{value}` shows), fsScalarDecimal(s) -> ExactDecimal|null, fsScalarTextValue(s)
//     (Scalar.textValue), fsScalarFromProgram(json) (`{"integer": 18}`, `{"date": "2024-01-01"}`...)
//   FieldValue = {kind: "empty"} | {kind: "value", scalar} | {kind: "invalid", rule, input}
//     fsEmptyValue (the shared {kind: "empty"}), fsFieldValueIsSame(a, b) (FieldValue.isSame),
//     fsFieldValueIsIdentical(a, b) (FieldValue.isIdentical: the same, and spelt alike)
//     fsFieldTypeRead(type, input, trim, options) -> FieldValue   FieldType.read: `type` is the
//       program's type name, `input` a Value or undefined (absent), `options` a Set of option
//       value strings (choice fields; ExactText = plain JS string equality)
//     fsFieldTypeTrimmed(text), fsCanonicalText(value) -> string|null
//   Operand = {kind: "literal", scalar} | {kind: "field", index} | {kind: "today", offset: DateOffset}
//             | {kind: "fieldOffset", index, offset: OperandOffset}
//     fsOperandFromProgram(json), fsOperandBound(operand, values, today) -> {kind: "absent"} |
//     {kind: "value", scalar} | {kind: "unordered"}, fsOperandResolve(operand, environment)
//     -> Scalar|null
//   OperandOffset = {kind: "date", offset} | {kind: "time", step} | {kind: "integer", value: bigint}
//             | {kind: "number", value: ExactDecimal};  fsOperandOffsetApply(offset, scalar) -> Scalar|null
//   environment (RuleEnvironment) = {values: FieldValue[], today: CivilDate, ...}
//   class RangeRule(json)       .comparison, .operand, .passes(scalar, environment)
//     fsComparisonHolds(comparison, order) (RangeRule.Comparison.holds; comparison as in the JSON:
//     "min", "max", "greater_than", "less_than", "at_least", "at_most")
//   class MultipleOfRule(json)  .operand, .passes(scalar, environment)
//   class FormatRule(json)      .format, .passes(text)
//   (json: the rule's payload in the program, e.g. `{"comparison": "min", "operand": {...}}`)
//
// Uses from 10-unicode.js: fsScalarAt, fsScalarWidth, fsScalarIsWhitespace(scalar),
// fsCharacters(text), fsIsLetter, fsIsNumber, fsIsASCII and fsIsWhitespace (of one Character).

// MARK: Decimal numbers (Values/ExactDecimal.swift, Values/DecimalNumber.swift)

/**
 * A decimal number held exactly: `digits × 10^exponent`, normalised (no leading or trailing zeros,
 * zero unsigned), so equal values have equal fields. `double` is the nearest JS number (±Infinity
 * beyond range): only its finiteness and, in `description`, whether it stands for exactly this
 * value are ever used.
 */
class ExactDecimal {
    constructor(isNegative, digits, exponent, double) {
        let start = 0;
        let end = digits.length;
        while (start < end && digits.charCodeAt(start) === 48) start++;
        while (end > start && digits.charCodeAt(end - 1) === 48) {
            end--;
            exponent++;
        }
        const zero = start === end;
        this.isNegative = zero ? false : isNegative;
        this.digits = start === 0 && end === digits.length ? digits : digits.slice(start, end);
        this.exponent = zero ? 0 : exponent;
        this.double = zero ? 0 : double;
    }

    /** `ExactDecimal(_ text:)`: JSON's number grammar, also `+5`, `.5`, `5.`; null otherwise. */
    static parse(text) {
        const number = fsDecimalNumber(text);
        return number === null ? null : number.exact;
    }

    /** `ExactDecimal(Int64)`. */
    static fromInteger(value) {
        const negative = value < 0n;
        return new ExactDecimal(negative, String(negative ? -value : value), 0, Number(value));
    }

    /** `ExactDecimal(Double)`: the shortest decimal that reads back as `value`; null when not finite. */
    static fromDouble(value) {
        if (!Number.isFinite(value)) return null;
        return ExactDecimal.parse(String(value));
    }

    get isWhole() { return this.exponent >= 0; }
    get isZero() { return this.digits.length === 0; }

    /** The value as a bigint when it is whole and fits Int64, else null. */
    get int64() {
        if (!this.isWhole || this.digits.length + this.exponent > 19) return null;
        return fsInt64(this.digits + "0".repeat(this.exponent), this.isNegative);
    }

    /** Swift's synthesized `==` (every stored property; values are normalised). */
    equals(other) {
        return this.isNegative === other.isNegative && this.digits === other.digits &&
            this.exponent === other.exponent && this.double === other.double;
    }

    /** -1, 0 or 1, exactly. */
    compare(other) {
        if (this.isNegative !== other.isNegative) return this.isNegative ? -1 : 1;
        const magnitude = fsCompareMagnitudes(this, other);
        return this.isNegative ? -magnitude : magnitude;
    }

    /** Whether `this ÷ divisor` is whole, exactly; false for a zero divisor (`isMultiple(of:)`). */
    isMultipleOf(divisor) {
        if (divisor.isZero) return false;
        if (this.isZero) return true;
        if (this.exponent < divisor.exponent) return false;
        // Powers of ten beyond the divisor's size change nothing (see the Swift comment).
        const shift = Math.min(this.exponent - divisor.exponent, divisor.digits.length * 4 + 4);
        return (BigInt(this.digits) * 10n ** BigInt(shift)) % BigInt(divisor.digits) === 0n;
    }

    /** `this + other` exactly; null when the sum spans more than FS_MAX_SUM_DIGITS digits. */
    adding(other) {
        if (other.isZero) return this;
        if (this.isZero) return other;
        const low = Math.min(this.exponent, other.exponent);
        const high = Math.max(this.digits.length + this.exponent, other.digits.length + other.exponent);
        if (high - low + 1 > FS_MAX_SUM_DIGITS) return null;
        const aligned = (value) => {
            const magnitude = BigInt(value.digits) * 10n ** BigInt(value.exponent - low);
            return value.isNegative ? -magnitude : magnitude;
        };
        const sum = aligned(this) + aligned(other);
        if (sum === 0n) return ExactDecimal.fromInteger(0n);
        // Read back as text, as Swift does, so the nearest double is chosen as for any number read.
        const text = (sum < 0n ? String(-sum) : String(sum)) + "e" + low;
        // Null (as in Swift) when the sum's exponent is past a billion.
        return fsDecimalNumber(sum < 0n ? "-" + text : text)?.exact ?? null;
    }

    /** The text JSON and messages show (`ExactDecimal.description`). */
    get description() {
        const double = this.double;
        if (!Number.isFinite(double)) return double < 0 ? "-1e999" : "1e999";
        const shortest = ExactDecimal.fromDouble(double);
        if (shortest !== null && shortest.equals(this)) return fsFormatDouble(double);
        if (this.isZero) return "0";
        const sign = this.isNegative ? "-" : "";
        const text = this.digits;
        const lead = text.length + this.exponent;
        if (this.exponent >= 0 && lead <= 21) return sign + text + "0".repeat(this.exponent);
        if (this.exponent < 0 && lead > 0) return sign + text.slice(0, lead) + "." + text.slice(lead);
        if (this.exponent < 0 && lead > -7) return sign + "0." + "0".repeat(-lead) + text;
        const mantissa = text.length === 1 ? text : text[0] + "." + text.slice(1);
        return sign + mantissa + "e" + (lead - 1 >= 0 ? "+" : "") + (lead - 1);
    }

    /** How the value reads in a message (`ExactDecimal.messageText`): plain digits up to 30 zeros besides them. */
    get messageText() {
        if (this.isZero) return "0";
        const sign = this.isNegative ? "-" : "";
        const text = this.digits;
        const lead = text.length + this.exponent;
        if (this.exponent >= 0 && this.exponent <= FS_MESSAGE_ZEROS) return sign + text + "0".repeat(this.exponent);
        if (this.exponent < 0 && lead > 0) return sign + text.slice(0, lead) + "." + text.slice(lead);
        if (lead <= 0 && -lead <= FS_MESSAGE_ZEROS) return sign + "0." + "0".repeat(-lead) + text;
        const mantissa = text.length === 1 ? text : text[0] + "." + text.slice(1);
        return sign + mantissa + "e" + (lead - 1 >= 0 ? "+" : "") + (lead - 1);
    }
}

/** `ExactDecimal.messageZeros`. */
const FS_MESSAGE_ZEROS = 30;

/** `ExactDecimal.maxSumDigits`. */
const FS_MAX_SUM_DIGITS = 4096;

function fsCompareMagnitudes(a, b) {
    if (a.isZero || b.isZero) return a.isZero ? (b.isZero ? 0 : -1) : 1;
    const leadA = a.digits.length + a.exponent;
    const leadB = b.digits.length + b.exponent;
    if (leadA !== leadB) return leadA < leadB ? -1 : 1;
    // Digit strings compare like Swift's digit-by-digit loop (a prefix sorts first).
    return a.digits === b.digits ? 0 : a.digits < b.digits ? -1 : 1;
}

const FS_INT64_MIN = -(2n ** 63n);
const FS_INT64_MAX = 2n ** 63n - 1n;

/** `digits` (ASCII, at most 19) as a bigint, negated when `negative`, or null beyond Int64. */
function fsInt64(digits, negative) {
    const value = negative ? -BigInt(digits) : BigInt(digits);
    return value < FS_INT64_MIN || value > FS_INT64_MAX ? null : value;
}

/**
 * `DecimalNumber`: the exact reading of a number's text (JSON's grammar, also a leading `+`, `.5`
 * and `5.`): {isWhole, integer (bigint when whole and within Int64, else null), double, exact}, or
 * null. Swift also steps `double` off a whole neighbour for a value that is not whole; nothing
 * here reads `double` but for its finiteness and `description`'s shortest test, which that step
 * cannot change, so it is left out.
 */
function fsDecimalNumber(text) {
    const count = text.length;
    let index = 0;
    let negative = false;
    let code = text.charCodeAt(0);
    if (code === 45 || code === 43) {
        negative = code === 45;
        index = 1;
    }
    const integerStart = index;
    while (index < count && fsIsDigit(text.charCodeAt(index))) index++;
    let digits = text.slice(integerStart, index);
    let exponent = 0;
    if (index < count && text.charCodeAt(index) === 46) {
        const fractionStart = ++index;
        while (index < count && fsIsDigit(text.charCodeAt(index))) index++;
        digits += text.slice(fractionStart, index);
        exponent = fractionStart - index;
    }
    if (digits.length === 0) return null;
    code = text.charCodeAt(index);
    if (code === 101 || code === 69) {
        index++;
        let exponentNegative = false;
        code = text.charCodeAt(index);
        if (code === 45 || code === 43) {
            exponentNegative = code === 45;
            index++;
        }
        let written = 0;
        const exponentStart = index;
        while (index < count && fsIsDigit(text.charCodeAt(index))) {
            written = Math.min(written * 10 + text.charCodeAt(index) - 48, 4e9);
            index++;
        }
        if (index === exponentStart) return null;
        exponent += exponentNegative ? -written : written;
    }
    if (index !== count) return null;
    // Correctly rounded, ±Infinity beyond range, like Swift's Double(String); the grammar is
    // checked above, so Number's own leniency (spaces, hex, "") never applies.
    const nearest = Number(text);
    const exact = new ExactDecimal(negative, digits, exponent, nearest);
    if (exact.isZero) return { isWhole: true, integer: 0n, double: 0, exact };
    // Out of range past a billion either way (DecimalNumber.maxExponent): refused, not rounded.
    if (Math.abs(exact.exponent) > 1e9) return null;
    if (exact.exponent >= 0) {
        const integralDigits = exact.digits.length + exact.exponent;
        const integer = integralDigits <= 19 ? fsInt64(exact.digits + "0".repeat(exact.exponent), negative) : null;
        return { isWhole: true, integer, double: nearest, exact };
    }
    return { isWhole: false, integer: null, double: nearest, exact };
}

function fsIsDigit(code) {
    return code >= 48 && code <= 57;
}

/** `Scalar.format(Double)`: whole values below 10^15 as integers, else Swift's `description`. */
function fsFormatDouble(value) {
    if (!Number.isFinite(value)) return value < 0 ? "-1e999" : "1e999";
    if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
    return fsSwiftDoubleDescription(value);
}

/**
 * Swift's `Double.description` (stdlib FloatingPointToString.swift) of a finite value: the same
 * shortest digits as JS, laid out as Swift does: exponential (`1e-05`, `1.5e+16`, at least two
 * exponent digits) below 10^-4 or beyond 2^53, else decimal with at least one fraction digit
 * (`0.001`, `2.5`, `1000000000000000.0`).
 */
function fsSwiftDoubleDescription(value) {
    if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
    const shortest = ExactDecimal.fromDouble(Math.abs(value));
    const digits = shortest.digits;
    const power = digits.length + shortest.exponent - 1;
    let text;
    if (power < -4 || Math.abs(value) > 9007199254740992) {
        const mantissa = digits.length > 1 ? digits[0] + "." + digits.slice(1) : digits;
        const magnitude = String(Math.abs(power));
        text = mantissa + "e" + (power < 0 ? "-" : "+") + (magnitude.length < 2 ? "0" + magnitude : magnitude);
    } else if (power < 0) {
        text = "0." + "0".repeat(-power - 1) + digits;
    } else if (power + 1 < digits.length) {
        text = digits.slice(0, power + 1) + "." + digits.slice(power + 1);
    } else {
        text = digits + "0".repeat(power + 1 - digits.length) + ".0";
    }
    return value < 0 ? "-" + text : text;
}

// MARK: Dates (Values/CivilDate.swift)

/** A proleptic Gregorian date, years -9999 through 9999, as days since 1970-01-01. */
class CivilDate {
    constructor(days) {
        this.days = days;
    }

    /** `CivilDate(year:month:day:)`, or null when there is no such date. */
    static fromParts(year, month, day) {
        if (month < 1 || month > 12 || day < 1 || day > fsDaysInMonth(month, year) || year < -9999 || year > 9999) {
            return null;
        }
        return new CivilDate(fsDaysFromCivil(year, month, day));
    }

    /** `CivilDate(iso:)`: `YYYY-MM-DD` naming a real date, or null. */
    static parseISO(text) {
        if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null;
        const year = fsDigitsValue(text, 0, 4);
        const month = fsDigitsValue(text, 5, 2);
        const day = fsDigitsValue(text, 8, 2);
        if (year < 0 || month < 0 || day < 0) return null;
        return CivilDate.fromParts(year, month, day);
    }

    /** Today in the host's time zone (`CivilDate.today()`). */
    static today() {
        const now = new Date();
        return CivilDate.fromParts(now.getFullYear(), now.getMonth() + 1, now.getDate()) ??
            new CivilDate(Math.floor(now.getTime() / 86_400_000));
    }

    /** [year, month, day], the day count clamped to the supported range. */
    get components() {
        return fsCivilFromDays(Math.min(Math.max(this.days, FS_EARLIEST_DAYS), FS_LATEST_DAYS));
    }

    /** `YYYY-MM-DD` (`-0001-01-01` before year 0). */
    get description() {
        const [year, month, day] = this.components;
        return (year < 0 ? "-" + fsPad(-year, 4) : fsPad(year, 4)) + "-" + fsPad(month, 2) + "-" + fsPad(day, 2);
    }

    /** This date moved by a DateOffset; months and years clamp the day; saturates at the range's ends. */
    adding(offset) {
        const span = FS_LATEST_DAYS - FS_EARLIEST_DAYS;
        const amount = Math.min(Math.max(offset.amount, -span), span);
        if (offset.unit === "d") {
            const days = Math.min(Math.max(this.days, FS_EARLIEST_DAYS), FS_LATEST_DAYS) + amount;
            return new CivilDate(Math.min(Math.max(days, FS_EARLIEST_DAYS), FS_LATEST_DAYS));
        }
        const [y, m, d] = this.components;
        const months = offset.unit === "m" ? amount : amount * 12;
        const total = y * 12 + (m - 1) + months;
        const year = total >= 0 ? Math.trunc(total / 12) : -Math.trunc((-total + 11) / 12);
        if (year < -9999) return new CivilDate(FS_EARLIEST_DAYS);
        if (year > 9999) return new CivilDate(FS_LATEST_DAYS);
        const month = total - year * 12 + 1;
        return new CivilDate(fsDaysFromCivil(year, month, Math.min(d, fsDaysInMonth(month, year))));
    }

    compare(other) {
        return this.days < other.days ? -1 : this.days === other.days ? 0 : 1;
    }
}

function fsIsLeapYear(year) {
    return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

function fsDaysInMonth(month, year) {
    if (month === 2) return fsIsLeapYear(year) ? 29 : 28;
    return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

// Howard Hinnant's days_from_civil / civil_from_days, with Swift's truncating division.
function fsDaysFromCivil(year, month, day) {
    const y = month <= 2 ? year - 1 : year;
    const era = Math.trunc((y >= 0 ? y : y - 399) / 400);
    const yoe = y - era * 400;
    const mp = (month + 9) % 12;
    const doy = Math.trunc((153 * mp + 2) / 5) + day - 1;
    const doe = yoe * 365 + Math.trunc(yoe / 4) - Math.trunc(yoe / 100) + doy;
    return era * 146_097 + doe - 719_468;
}

function fsCivilFromDays(days) {
    const z = days + 719_468;
    const era = Math.trunc((z >= 0 ? z : z - 146_096) / 146_097);
    const doe = z - era * 146_097;
    const yoe = Math.trunc((doe - Math.trunc(doe / 1460) + Math.trunc(doe / 36_524) - Math.trunc(doe / 146_096)) / 365);
    const doy = doe - (365 * yoe + Math.trunc(yoe / 4) - Math.trunc(yoe / 100));
    const mp = Math.trunc((5 * doy + 2) / 153);
    const day = doy - Math.trunc((153 * mp + 2) / 5) + 1;
    const month = mp < 10 ? mp + 3 : mp - 9;
    return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

const FS_EARLIEST_DAYS = fsDaysFromCivil(-9999, 1, 1);
const FS_LATEST_DAYS = fsDaysFromCivil(9999, 12, 31);

/** The value of `count` ASCII digits of `text` at `index`, or -1. */
function fsDigitsValue(text, index, count) {
    if (index < 0 || index + count > text.length) return -1;
    let value = 0;
    for (let position = index; position < index + count; position++) {
        const digit = text.charCodeAt(position) - 48;
        if (digit < 0 || digit > 9) return -1;
        value = value * 10 + digit;
    }
    return value;
}

/** `value` (not negative) with leading zeros to `width` digits (`TimeSyntax.pad`). */
function fsPad(value, width) {
    const digits = String(value);
    return digits.length >= width ? digits : "0".repeat(width - digits.length) + digits;
}

/** A signed step in days, months or years: the `+30d` of `today+30d` (`DateOffset`). */
class DateOffset {
    constructor(amount, unit) {
        this.amount = amount;
        this.unit = unit;
    }

    /** `DateOffset.parseToday`: `today`, `today+30d`, `today-18y`; null for anything else. */
    static parseToday(text) {
        if (!text.startsWith("today")) return null;
        if (text.length === 5) return new DateOffset(0, "d");
        const sign = text.charCodeAt(5);
        const unit = text[text.length - 1];
        if ((sign !== 43 && sign !== 45) || (unit !== "d" && unit !== "m" && unit !== "y")) return null;
        if (text.length < 8) return null;
        const max = unit === "d" ? 100_000 : unit === "m" ? 3_000 : 250;
        let amount = 0;
        for (let index = 6; index < text.length - 1; index++) {
            const digit = text.charCodeAt(index) - 48;
            if (digit < 0 || digit > 9) return null;
            amount = amount * 10 + digit;
            if (amount > max) return null;
        }
        return new DateOffset(sign === 45 ? -amount : amount, unit);
    }

    /** `DateOffset.parseStep`: `30d`, `+30d`, `-1m`, `2y`; null for anything else. */
    static parseStep(text) {
        return DateOffset.parseToday("today" + (text.startsWith("+") || text.startsWith("-") ? text : "+" + text));
    }
}

// MARK: Scalars and field values (Values/Scalar.swift)

/** Exact equality: text by scalars, numbers by value, dates, times and date-times as instants. */
function fsScalarExactlyEquals(a, b) {
    if (a.kind === "text" || a.kind === "boolean") return a.kind === b.kind && a.value === b.value;
    if (a.kind === "date" && b.kind === "date") return a.value.days === b.value.days;
    return fsScalarCompare(a, b) === 0;
}

/** -1, 0 or 1 for numbers, dates, times or date-times of comparable kinds; null otherwise. */
function fsScalarCompare(a, b) {
    const kind = a.kind;
    if (kind === "integer" && b.kind === "integer") return a.value < b.value ? -1 : a.value === b.value ? 0 : 1;
    if ((kind === "date" || kind === "time" || kind === "datetime") && b.kind === kind) return a.value.compare(b.value);
    if (kind === "integer" && b.kind === "number") return ExactDecimal.fromInteger(a.value).compare(b.value);
    if (kind === "number" && b.kind === "integer") return a.value.compare(ExactDecimal.fromInteger(b.value));
    if (kind === "number" && b.kind === "number") return a.value.compare(b.value);
    return null;
}

/** The value as an ExactDecimal, for numbers (`Scalar.decimal`). */
function fsScalarDecimal(scalar) {
    if (scalar.kind === "integer") return ExactDecimal.fromInteger(scalar.value);
    return scalar.kind === "number" ? scalar.value : null;
}

/** How the value reads in a message (`Scalar.description`): `8`, `2.5`, `2024-02-29`, `true`. */
function fsScalarDescription(scalar) {
    switch (scalar.kind) {
        case "text": return scalar.value;
        case "integer": case "boolean": return String(scalar.value);
        case "number": return scalar.value.messageText;
        default: return scalar.value.description;
    }
}

/** `Scalar.textValue`: a text's text, any other value as messages show it. */
function fsScalarTextValue(scalar) {
    return scalar.kind === "text" ? scalar.value : fsScalarDescription(scalar);
}

/** A Scalar as the program JSON encodes it: a one-key object, `{"integer": 18}`. */
function fsScalarFromProgram(json) {
    const kind = Object.keys(json)[0];
    const raw = json[kind];
    switch (kind) {
        case "text": case "boolean": return { kind, value: raw };
        case "integer": return { kind, value: BigInt(raw) };
        case "number": return { kind, value: fsDecimalFromProgram(raw) };
        case "date": return { kind, value: CivilDate.parseISO(raw) };
        case "time": return { kind, value: CivilTime.parse(raw) };
        case "datetime": return { kind, value: OffsetDateTime.parse(raw) };
        default: throw new Error(`unknown scalar '${kind}'`);
    }
}

/**
 * An ExactDecimal as the program JSON encodes it (its Codable): its decimal text as a string, or
 * a number (an integer, or the double that stands for exactly the value).
 */
function fsDecimalFromProgram(raw) {
    if (typeof raw === "string") return ExactDecimal.parse(raw);
    if (typeof raw === "bigint") return ExactDecimal.fromInteger(raw);
    if (Number.isSafeInteger(raw)) return ExactDecimal.fromInteger(BigInt(raw));
    return ExactDecimal.fromDouble(raw);
}

/** FieldValue `.empty`, shared. */
const fsEmptyValue = Object.freeze({ kind: "empty" });

/** FieldValue `.invalid`: `input` (a Value, trimmed when the field trims) fails `rule` ("type" or "choice"). */
function fsInvalid(rule, input) {
    return { kind: "invalid", rule, input };
}

/** `InvalidInput.same`: strings by their scalars, numbers by value, arrays and members in order. */
function fsInputsSame(a, b) {
    if (a === b) return true;
    if (a instanceof ExactDecimal) return b instanceof ExactDecimal && a.equals(b);
    if (Array.isArray(a)) {
        return Array.isArray(b) && a.length === b.length && a.every((item, index) => fsInputsSame(item, b[index]));
    }
    // Members as [key, value, key, value, …]: keys are strings, compared as the values are.
    return a instanceof FsObject && b instanceof FsObject && fsInputsSame(a.members.flat(), b.members.flat());
}

/** `FieldValue.isIdentical(to:)`: the same, and a time or date-time spelt alike (`{value}` shows it). */
function fsFieldValueIsIdentical(a, b) {
    if (!fsFieldValueIsSame(a, b)) return false;
    const kind = a.kind === "value" ? a.scalar.kind : "";
    return (kind !== "time" && kind !== "datetime") || fsScalarDescription(a.scalar) === fsScalarDescription(b.scalar);
}

/** `FieldValue.isSame(as:)`: both empty, equal values, or the same input failing the same rule. */
function fsFieldValueIsSame(a, b) {
    if (a.kind !== b.kind) return false;
    if (a.kind === "value") return fsScalarExactlyEquals(a.scalar, b.scalar);
    return a.kind === "empty" || (a.rule === b.rule && fsInputsSame(a.input, b.input));
}

/**
 * `FieldType.read`: `input` (a Value, undefined when absent) read as a field of `type` (the
 * program's type name). Strings are trimmed first with `trim`; times and date-times are read only
 * from strings; `options` holds a choice field's option values.
 */
function fsFieldTypeRead(type, input, trim, options) {
    if (input === undefined || input === null) return fsEmptyValue;
    if (typeof input === "string") {
        if (trim) input = fsFieldTypeTrimmed(input);
        if (input.length === 0) return fsEmptyValue;
    }
    const string = typeof input === "string";
    switch (type) {
        case "text": case "secret": return string ? fsFieldValue("text", input) : fsInvalid("type", input);
        case "integer": {
            if (typeof input === "bigint") return fsFieldValue("integer", input);
            if (input instanceof ExactDecimal) return fsIntegerValue(input, input);
            const number = string ? fsDecimalNumber(input) : null;
            if (number === null) return fsInvalid("type", input);
            return number.integer !== null ? fsFieldValue("integer", number.integer) : fsIntegerValue(number.exact, input);
        }
        case "number": {
            if (typeof input === "bigint") return fsFieldValue("number", ExactDecimal.fromInteger(input));
            const number = input instanceof ExactDecimal ? input : string ? fsDecimalNumber(input)?.exact : null;
            return number != null && Number.isFinite(number.double) ? fsFieldValue("number", number) : fsInvalid("type", input);
        }
        case "boolean":
            if (typeof input === "boolean") return fsFieldValue("boolean", input);
            return input === "true" || input === "false" ? fsFieldValue("boolean", input === "true") : fsInvalid("type", input);
        case "date": case "time": case "datetime": {
            if (!string) return fsInvalid("type", input);
            const value = type === "date" ? CivilDate.parseISO(input) :
                type === "time" ? CivilTime.parse(input) : OffsetDateTime.parse(input);
            return value === null ? fsInvalid("type", input) : fsFieldValue(type, value);
        }
        case "choice": {
            const text = fsCanonicalText(input);
            if (text === null) return fsInvalid("type", input);
            return options.has(text) ? fsFieldValue("text", text) : fsInvalid("choice", input);
        }
        case "list":
            // The count is the value (what min_items and max_items compare), however long the array;
            // the items are read by their own fields.
            if (!Array.isArray(input)) return fsInvalid("type", input);
            return input.length === 0 ? fsEmptyValue : fsFieldValue("integer", BigInt(input.length));
        case "group":
            return input instanceof FsObject ? fsFieldValue("boolean", true) : fsInvalid("type", input);
        default:
            return fsInvalid("type", input);
    }
}

/** FieldValue `.value` of a Scalar of `kind`. */
function fsFieldValue(kind, value) {
    return { kind: "value", scalar: { kind, value } };
}

/** `FieldType.integerValue`: a whole, finite number as an integer (beyond Int64: the exact decimal); `input` is what was read. */
function fsIntegerValue(value, input) {
    if (!value.isWhole || !Number.isFinite(value.double)) return fsInvalid("type", input);
    const integer = value.int64;
    return integer !== null ? fsFieldValue("integer", integer) : fsFieldValue("number", value);
}

/**
 * `FieldType.canonicalText`: what a choice option or input is matched by: strings as they are,
 * numbers and booleans as JSON writes them; null for anything else.
 */
function fsCanonicalText(value) {
    switch (typeof value) {
        case "string": return value;
        case "bigint": case "boolean": return String(value);
        default:
            return value instanceof ExactDecimal && Number.isFinite(value.double) ? value.description : null;
    }
}

/** `FieldType.trimmed`: without leading and trailing White_Space scalars. */
function fsFieldTypeTrimmed(text) {
    // Printable ASCII at both ends (no White_Space scalar is): nothing to trim.
    const head = text.charCodeAt(0);
    const tail = text.charCodeAt(text.length - 1);
    if (head > 0x20 && head < 0x7f && tail > 0x20 && tail < 0x7f) return text;
    let start = -1;
    let end = 0;
    for (let index = 0; index < text.length;) {
        const scalar = fsScalarAt(text, index);
        index += fsScalarWidth(scalar);
        if (fsScalarIsWhitespace(scalar)) continue;
        if (start < 0) start = index - fsScalarWidth(scalar);
        end = index;
    }
    if (start < 0) return "";
    return start === 0 && end === text.length ? text : text.slice(start, end);
}

// MARK: Operands (Rules/RuleEnvironment.swift)

/** An Operand from the program JSON: `{"literal": …}`, `{"field": 2}`, `{"today": "today+30d"}`, `{"field_offset": …}`. */
function fsOperandFromProgram(json) {
    if (json.literal !== undefined) {
        const scalar = fsScalarFromProgram(json.literal);
        // The bound a literal always gives, made once.
        return { kind: "literal", scalar, bound: { kind: "value", scalar } };
    }
    if (json.field !== undefined) return { kind: "field", index: json.field };
    if (json.today !== undefined) return { kind: "today", offset: DateOffset.parseToday(json.today) };
    if (json.field_offset !== undefined) {
        return { kind: "fieldOffset", index: json.field_offset.field,
            offset: fsOperandOffsetFromProgram(json.field_offset.offset) };
    }
    throw new Error(`unknown operand '${Object.keys(json)[0]}'`);
}

/** An OperandOffset from the program JSON: `{"date": "+30d"}`, `{"time": "+90m"}`, `{"integer": -10}`, `{"number": 0.5}`. */
function fsOperandOffsetFromProgram(json) {
    if (json.date !== undefined) return { kind: "date", offset: DateOffset.parseStep(json.date) };
    if (json.time !== undefined) return { kind: "time", step: TimeStep.parse(json.time, true) };
    if (json.integer !== undefined) return { kind: "integer", value: BigInt(json.integer) };
    if (json.number !== undefined) return { kind: "number", value: fsDecimalFromProgram(json.number) };
    throw new Error(`unknown offset '${Object.keys(json)[0]}'`);
}

const FS_BOUND_ABSENT = Object.freeze({ kind: "absent" });
const FS_BOUND_UNORDERED = Object.freeze({ kind: "unordered" });

/**
 * `Operand.bound(values:today:)`: {kind: "absent"} (an empty or unreadable field), {kind: "value",
 * scalar}, or {kind: "unordered"} (an offset that could not be added). A field's `.value` FieldValue
 * has the bound's shape and is returned as it is.
 */
function fsOperandBound(operand, values, today) {
    switch (operand.kind) {
        case "literal": return operand.bound;
        case "field": {
            const value = values[operand.index];
            return value.kind === "value" ? value : FS_BOUND_ABSENT;
        }
        case "today": return { kind: "value", scalar: { kind: "date", value: today.adding(operand.offset) } };
        default: {
            const value = values[operand.index];
            if (value.kind !== "value") return FS_BOUND_ABSENT;
            const shifted = fsOperandOffsetApply(operand.offset, value.scalar);
            return shifted === null ? FS_BOUND_UNORDERED : { kind: "value", scalar: shifted };
        }
    }
}

/** `Operand.resolve(in:)`: the operand's value, or null. */
function fsOperandResolve(operand, environment) {
    const bound = fsOperandBound(operand, environment.values, environment.today);
    return bound.kind === "value" ? bound.scalar : null;
}

/**
 * `OperandOffset.apply(to:)`: `scalar` with the offset added, exactly (an integer sum beyond Int64
 * becomes the exact decimal); null when the kinds do not fit or a decimal sum is too wide.
 */
function fsOperandOffsetApply(offset, scalar) {
    const kind = scalar.kind;
    switch (offset.kind) {
        case "date":
            return kind === "date" ? { kind, value: scalar.value.adding(offset.offset) } : null;
        case "time":
            return kind === "time" || kind === "datetime" ? { kind, value: scalar.value.adding(offset.step) } : null;
        case "integer": {
            if (kind === "integer") {
                const sum = scalar.value + offset.value;
                if (sum >= FS_INT64_MIN && sum <= FS_INT64_MAX) return { kind, value: sum };
                return fsNumberScalar(ExactDecimal.fromInteger(scalar.value).adding(ExactDecimal.fromInteger(offset.value)));
            }
            return kind === "number" ? fsNumberScalar(scalar.value.adding(ExactDecimal.fromInteger(offset.value))) : null;
        }
        default:
            if (kind === "number") return fsNumberScalar(scalar.value.adding(offset.value));
            return kind === "integer" ? fsNumberScalar(ExactDecimal.fromInteger(scalar.value).adding(offset.value)) : null;
    }
}

function fsNumberScalar(decimal) {
    return decimal === null ? null : { kind: "number", value: decimal };
}

// MARK: Rules (Rules/RangeRule.swift, MultipleOfRule.swift, FormatRule.swift)

/** `RangeRule.Comparison.holds`: whether an order (-1, 0, 1, or null: none) passes `comparison`. */
function fsComparisonHolds(comparison, order) {
    if (order === null) return false;
    switch (comparison) {
        case "min": case "at_least": return order >= 0;
        case "max": case "at_most": return order <= 0;
        case "greater_than": return order > 0;
        default: return order < 0; // less_than
    }
}

/** `min`, `max`, `at_least`, `at_most`, `greater_than`, `less_than`. */
class RangeRule {
    constructor(json) {
        this.comparison = json.comparison;
        this.operand = fsOperandFromProgram(json.operand);
    }

    /** A bound naming an empty field is not enforced; one an offset could not be added to fails. */
    passes(value, environment) {
        const bound = fsOperandBound(this.operand, environment.values, environment.today);
        if (bound.kind === "absent") return true;
        if (bound.kind === "unordered") return false;
        return fsComparisonHolds(this.comparison, fsScalarCompare(value, bound.scalar));
    }

    /** `fsLeafTest`'s closure: against a literal (most bounds), the bound is that scalar. */
    test() {
        const operand = this.operand;
        if (operand.kind === "literal") {
            const comparison = this.comparison;
            const bound = operand.scalar;
            return (scalar) => fsComparisonHolds(comparison, fsScalarCompare(scalar, bound));
        }
        return (scalar, environment) => this.passes(scalar, environment);
    }
}

/** `multiple_of: X`, decided exactly on the decimals. */
class MultipleOfRule {
    constructor(json) {
        this.operand = fsOperandFromProgram(json.operand);
    }

    passes(value, environment) {
        const divisor = fsOperandResolve(this.operand, environment);
        if (divisor === null) return true;
        if (value.kind === "integer" && divisor.kind === "integer") {
            return divisor.value !== 0n && value.value % divisor.value === 0n;
        }
        const a = fsScalarDecimal(value);
        const b = fsScalarDecimal(divisor);
        return a !== null && b !== null && a.isMultipleOf(b);
    }
}

/** `format: email | url | uuid | luhn | e164`. */
class FormatRule {
    constructor(json) {
        this.format = json.format;
    }

    /** Whether `text` has the format. */
    passes(text) {
        switch (this.format) {
            case "email": return fsIsEmail(fsCharacters(text));
            case "url": return fsIsURL(fsCharacters(text));
            case "uuid": return fsIsUUID(text);
            case "luhn": return fsIsLuhn(text);
            default: return fsIsE164(text);
        }
    }
}

// Email and URL checks walk Swift `Character`s (grapheme clusters, 10-unicode.js's
// `fsCharacters`), as FormatRule.swift does: `count`, `split`, `hasPrefix` and `isLetter` all go by
// Character. A Character is held as its string; it equals an ASCII punctuation Character exactly
// when it is that one scalar (none of those has a canonical equivalent).

/** `Collection.split(separator:omittingEmptySubsequences: false)` over Characters. */
function fsSplitCharacters(characters, separator) {
    const parts = [];
    let start = 0;
    for (let index = 0; index <= characters.length; index++) {
        if (index === characters.length || characters[index] === separator) {
            parts.push(characters.slice(start, index));
            start = index + 1;
        }
    }
    return parts;
}

/**
 * `local@domain`: a local part of printable scalars without spaces or `"`, dots not leading,
 * trailing or doubled; a host name of two or more labels, the last of two or more letters.
 */
function fsIsEmail(characters) {
    const parts = fsSplitCharacters(characters, "@");
    if (parts.length !== 2) return false;
    const [local, domain] = parts;
    if (local.length === 0 || local.length > 64 || local[0] === "." || local[local.length - 1] === ".") return false;
    for (let index = 1; index < local.length; index++) {
        if (local[index] === "." && local[index - 1] === ".") return false;
    }
    for (const character of local) {
        for (const scalar of character) {
            const code = scalar.codePointAt(0);
            // Printable: no whitespace, no control character (C0, DEL, C1), no quote.
            if (fsScalarIsWhitespace(code) || code < 0x21 || (code >= 0x7F && code <= 0x9F) || code === 0x22) {
                return false;
            }
        }
    }
    return fsIsHostName(domain, true);
}

function fsIsHostName(host, requireDot) {
    const labels = fsSplitCharacters(host, ".");
    if ((requireDot && labels.length < 2) || host.length > 253) return false;
    for (const label of labels) {
        if (label.length === 0 || label.length > 63 || label[0] === "-" || label[label.length - 1] === "-") return false;
        for (const character of label) {
            if (!fsIsLetter(character) && !fsIsNumber(character) && character !== "-") return false;
        }
    }
    if (requireDot) {
        const last = labels[labels.length - 1];
        return last.length >= 2 && last.every(fsIsLetter);
    }
    return true;
}

// The emitter's `formats` feature: the formats other than `email`, which a program reaches only
// through a `format` rule that names one (JavaScriptEmitter.runtimeFeatures).
/*! @feature formats */
/**
 * `scheme://host[:port][/path][?query][#fragment]`: a letter-led ASCII scheme, a host name (or
 * a bracketed address), and no whitespace anywhere.
 */
function fsIsURL(characters) {
    let colon = -1;
    for (let index = 0; index < characters.length; index++) {
        const character = characters[index];
        if (fsIsWhitespace(character)) return false;
        if (colon < 0 && character === ":") colon = index;
    }
    if (colon < 0 || characters[colon + 1] !== "/" || characters[colon + 2] !== "/") return false;
    if (colon === 0 || !fsIsASCII(characters[0]) || !fsIsLetter(characters[0])) return false;
    for (let index = 0; index < colon; index++) {
        const character = characters[index];
        if (!fsIsASCII(character) || !(fsIsLetter(character) || fsIsNumber(character) ||
            character === "+" || character === "-" || character === ".")) {
            return false;
        }
    }
    let end = colon + 3;
    while (end < characters.length && characters[end] !== "/" && characters[end] !== "?" && characters[end] !== "#") end++;
    let authority = characters.slice(colon + 3, end);
    const at = authority.lastIndexOf("@");
    if (at >= 0) authority = authority.slice(at + 1);
    if (authority[0] === "[") {
        // `[IPv6]`, then nothing or `:port`.
        const close = authority.indexOf("]");
        if (close < 0 || !fsIsIPv6(authority.slice(1, close).join(""))) return false;
        const after = authority.slice(close + 1);
        return after.length === 0 || (after[0] === ":" && fsIsPort(after.slice(1)));
    }
    let host = authority;
    const portColon = authority.lastIndexOf(":");
    if (portColon >= 0) {
        if (!fsIsPort(authority.slice(portColon + 1))) return false;
        host = authority.slice(0, portColon);
    }
    return host.length > 0 && fsIsHostName(host, false);
}

/** `FormatRule.isPort`: 0 through 65535 in one to five ASCII digits (`characters`). */
function fsIsPort(port) {
    return port.length > 0 && port.length <= 5 &&
        port.every((character) => fsIsASCII(character) && fsIsNumber(character)) && Number(port.join("")) <= 65_535;
}

/**
 * `FormatRule.isIPv6`: eight groups of one to four hexadecimal digits, one `::` for one or more
 * groups of zeros at most once, the last two groups optionally an IPv4 address.
 */
function fsIsIPv6(text) {
    let head = text;
    let groups = 0;
    const lastColon = head.lastIndexOf(":");
    if (lastColon >= 0 && head.slice(lastColon).includes(".")) {
        if (!fsIsIPv4(head.slice(lastColon + 1))) return false;
        groups = 2;
        const keepsDoubleColon = lastColon > 0 && head[lastColon - 1] === ":";
        head = head.slice(0, keepsDoubleColon ? lastColon + 1 : lastColon);
    }
    const halves = [];
    let start = 0;
    let index = 0;
    while (index + 1 < head.length) {
        if (head[index] === ":" && head[index + 1] === ":") {
            halves.push(head.slice(start, index));
            index += 2;
            start = index;
        } else {
            index++;
        }
    }
    halves.push(head.slice(start));
    if (halves.length > 2) return false;
    for (const half of halves) {
        if (half.length === 0) continue;
        for (const group of half.split(":")) {
            if (group.length < 1 || group.length > 4 || !/^[0-9A-Fa-f]+$/.test(group)) return false;
            groups++;
        }
    }
    return halves.length === 2 ? groups <= 7 : groups === 8;
}

/** `FormatRule.isIPv4`: four numbers 0 through 255 of one to three digits, dot-separated. */
function fsIsIPv4(text) {
    const parts = text.split(".");
    return parts.length === 4 && parts.every((part) => /^[0-9]{1,3}$/.test(part) && Number(part) <= 255);
}

/** 8-4-4-4-12 hexadecimal digits, either case. */
function fsIsUUID(text) {
    if (text.length !== 36) return false;
    for (let index = 0; index < 36; index++) {
        const code = text.charCodeAt(index);
        if (index === 8 || index === 13 || index === 18 || index === 23) {
            if (code !== 45) return false;
        } else if (!((code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102))) {
            return false;
        }
    }
    return true;
}

/** Two or more ASCII digits (spaces and dashes ignored) whose Luhn check digit is right. */
function fsIsLuhn(text) {
    let sum = 0;
    let digits = 0;
    for (let index = text.length - 1; index >= 0; index--) {
        const code = text.charCodeAt(index);
        if (code === 32 || code === 45) continue;
        if (code < 48 || code > 57) return false;
        let digit = code - 48;
        if (digits % 2 === 1) {
            digit *= 2;
            if (digit > 9) digit -= 9;
        }
        sum += digit;
        digits++;
    }
    return digits >= 2 && sum % 10 === 0;
}

/** `+` then 8 to 15 ASCII digits, spaces, dashes, dots and parentheses ignored. */
function fsIsE164(text) {
    let sawPlus = false;
    let digits = 0;
    for (let index = 0; index < text.length; index++) {
        const code = text.charCodeAt(index);
        if (code === 32 || code === 45 || code === 46 || code === 40 || code === 41) continue;
        if (code === 43) {
            if (sawPlus || digits !== 0) return false;
            sawPlus = true;
        } else if (code >= 48 && code <= 57) {
            if (!sawPlus) return false;
            digits++;
        } else {
            return false;
        }
    }
    return sawPlus && digits >= 8 && digits <= 15;
}
