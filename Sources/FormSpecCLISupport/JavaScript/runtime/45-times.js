// Times and date-times: Values/CivilTime.swift, Values/OffsetDateTime.swift (CivilTime, TimeStep,
// OffsetDateTime), with 40-values.js's date helpers.
//
// Interface (names other pieces use):
//   class CivilTime { nanoseconds (number), fractionDigits }   CivilTime.parse(text)|null,
//     .description, .adding(TimeStep), .compare(o)
//   class TimeStep { amount, unit: "d"|"h"|"m"|"s" }   TimeStep.parse(text, allowsDays)|null, .seconds
//   class OffsetDateTime   OffsetDateTime.parse(text)|null, .description, .adding(TimeStep), .compare(o)
//
// Only `time` and `datetime` fields, time literals and time offsets reach this piece: a module whose
// program has none leaves it out (the emitter's `times` feature).
/*! @feature times */

const FS_NANOS_PER_SECOND = 1_000_000_000;
const FS_NANOS_PER_DAY = 86_400 * FS_NANOS_PER_SECOND;
/** `CivilTime.withoutSeconds` and `CivilTime.computed`: how a time was spelled. */
const FS_WITHOUT_SECONDS = -2;
const FS_COMPUTED = -1;

/** A time of day, `HH:MM[:SS[.F]]`, as nanoseconds since midnight with its spelling. */
class CivilTime {
    constructor(nanoseconds, fractionDigits = FS_COMPUTED) {
        this.nanoseconds = nanoseconds;
        this.fractionDigits = fractionDigits;
    }

    /** `CivilTime(parsing:)`: `HH:MM`, `HH:MM:SS`, `HH:MM:SS.F` (1-9 digits); null otherwise. */
    static parse(text) {
        if (text.length < 5 || text.length > 18) return null;
        const time = fsPartialTime(text, 0, false);
        if (time === null || time.end !== text.length || time.second >= 60) return null;
        return new CivilTime(time.nanoseconds, time.fractionDigits);
    }

    /** As written, or `HH:MM:SS[.F]` for a computed time (hours past the day count on, signed before it). */
    get description() {
        const nanoseconds = this.nanoseconds;
        if (this.fractionDigits === FS_COMPUTED || nanoseconds < 0 || nanoseconds >= FS_NANOS_PER_DAY) {
            return fsCanonicalTimeText(nanoseconds);
        }
        const fraction = nanoseconds % FS_NANOS_PER_SECOND;
        const seconds = (nanoseconds - fraction) / FS_NANOS_PER_SECOND;
        const clock = fsPad(Math.trunc(seconds / 3600), 2) + ":" + fsPad(Math.trunc(seconds / 60) % 60, 2);
        if (this.fractionDigits === FS_WITHOUT_SECONDS) return clock;
        return clock + ":" + fsPad(seconds % 60, 2) + fsTimeFraction(fraction, this.fractionDigits);
    }

    /** This time moved by a TimeStep, without wrapping at midnight. */
    adding(step) {
        return new CivilTime(this.nanoseconds + step.seconds * FS_NANOS_PER_SECOND);
    }

    compare(other) {
        return this.nanoseconds < other.nanoseconds ? -1 : this.nanoseconds === other.nanoseconds ? 0 : 1;
    }
}

/** `CivilTime.canonicalText`. */
function fsCanonicalTimeText(nanoseconds) {
    const magnitude = Math.abs(nanoseconds);
    const fraction = magnitude % FS_NANOS_PER_SECOND;
    const seconds = (magnitude - fraction) / FS_NANOS_PER_SECOND;
    return (nanoseconds < 0 ? "-" : "") +
        fsClock(Math.trunc(seconds / 3600), Math.trunc(seconds / 60) % 60, seconds % 60) +
        fsTimeFraction(fraction, null);
}

function fsClock(hour, minute, second) {
    return fsPad(hour, 2) + ":" + fsPad(minute, 2) + ":" + fsPad(second, 2);
}

/** `TimeSyntax.fraction`: `.F` with `digits` digits as written, or (null) the significant ones. */
function fsTimeFraction(nanoseconds, digits) {
    let text = fsPad(nanoseconds, 9);
    if (digits !== null) {
        if (digits <= 0) return "";
        text = text.slice(0, Math.min(digits, 9));
    } else {
        if (nanoseconds <= 0) return "";
        let end = 9;
        while (text.charCodeAt(end - 1) === 48) end--;
        text = text.slice(0, end);
    }
    return "." + text;
}

/**
 * `TimeSyntax.partialTime`: `HH:MM[:SS[.F]]` at `start` (seconds required with `secondsRequired`);
 * second 60 is read and left to the caller. {hour, minute, second, nanoseconds, fractionDigits, end}
 * or null.
 */
function fsPartialTime(text, start, secondsRequired) {
    const hour = fsDigitsValue(text, start, 2);
    const minute = fsDigitsValue(text, start + 3, 2);
    if (hour < 0 || hour > 23 || text.charCodeAt(start + 2) !== 58 || minute < 0 || minute > 59) return null;
    let index = start + 5;
    let second = 0;
    let fraction = 0;
    let spelling = FS_WITHOUT_SECONDS;
    if (index < text.length && text.charCodeAt(index) === 58) {
        spelling = 0;
        second = fsDigitsValue(text, index + 1, 2);
        if (second < 0 || second > 60) return null;
        index += 3;
        if (index < text.length && text.charCodeAt(index) === 46) {
            index++;
            let digits = 0;
            while (index < text.length && fsIsDigit(text.charCodeAt(index))) {
                digits++;
                if (digits > 9) return null;
                fraction = fraction * 10 + text.charCodeAt(index) - 48;
                index++;
            }
            if (digits === 0) return null;
            fraction *= 10 ** (9 - digits);
            spelling = digits;
        }
    } else if (secondsRequired) {
        return null;
    }
    const nanoseconds = ((hour * 60 + minute) * 60 + second) * FS_NANOS_PER_SECOND + fraction;
    return { hour, minute, second, nanoseconds, fractionDigits: spelling, end: index };
}

/** A signed step of days, hours, minutes or seconds: the `90m` of `{field: start, offset: 90m}`. */
class TimeStep {
    constructor(amount, unit) {
        this.amount = amount;
        this.unit = unit;
    }

    get seconds() {
        return this.amount * FS_STEP_SECONDS[this.unit];
    }

    /** `TimeStep.parse`: `90m`, `+2h`, `-30s`, and with `allowsDays` `1d`; null for anything else. */
    static parse(text, allowsDays) {
        let start = 0;
        let negative = false;
        if (text.startsWith("+") || text.startsWith("-")) {
            negative = text[0] === "-";
            start = 1;
        }
        const unit = text[text.length - 1];
        const unitSeconds = FS_STEP_SECONDS[unit];
        if (text.length - start < 2 || unitSeconds === undefined || (!allowsDays && unit === "d")) return null;
        const limit = Math.trunc((allowsDays ? 100_000 * 86_400 : 86_400) / unitSeconds);
        let amount = 0;
        for (let index = start; index < text.length - 1; index++) {
            const digit = text.charCodeAt(index) - 48;
            if (digit < 0 || digit > 9) return null;
            amount = amount * 10 + digit;
            if (amount > limit) return null;
        }
        return new TimeStep(negative ? -amount : amount, unit);
    }
}

const FS_STEP_SECONDS = { __proto__: null, d: 86_400, h: 3_600, m: 60, s: 1 };

/** `OffsetDateTime.Spelling` flags. */
const FS_LOWERCASE_T = 1;
const FS_LOWERCASE_Z = 2;
const FS_NUMERIC_OFFSET = 4;
const FS_NEGATIVE_ZERO = 8;

/** An RFC 3339 date-time with its offset, compared as the instant it names. */
class OffsetDateTime {
    constructor(seconds, nanoseconds, offsetMinutes, fractionDigits = FS_COMPUTED,
        spelling = offsetMinutes === 0 ? 0 : FS_NUMERIC_OFFSET) {
        this.seconds = seconds;
        this.nanoseconds = nanoseconds;
        this.offsetMinutes = offsetMinutes;
        this.fractionDigits = fractionDigits;
        this.spelling = spelling;
    }

    /** `OffsetDateTime(parsing:)`, or null. */
    static parse(text) {
        const count = text.length;
        if (count < 20 || count > 35) return null;
        const year = fsDigitsValue(text, 0, 4);
        const month = fsDigitsValue(text, 5, 2);
        const day = fsDigitsValue(text, 8, 2);
        if (year < 0 || text.charCodeAt(4) !== 45 || month < 0 || text.charCodeAt(7) !== 45 || day < 0 ||
            month < 1 || month > 12 || day < 1 || day > fsDaysInMonth(month, year) ||
            (text.charCodeAt(10) | 0x20) !== 116) {
            return null;
        }
        const time = fsPartialTime(text, 11, true);
        if (time === null || time.end >= count) return null;
        let spelling = text.charCodeAt(10) === 116 ? FS_LOWERCASE_T : 0;
        let offset = 0;
        const zone = text.charCodeAt(time.end);
        if ((zone | 0x20) === 122) {
            if (time.end + 1 !== count) return null;
            if (zone === 122) spelling |= FS_LOWERCASE_Z;
        } else {
            const hours = fsDigitsValue(text, time.end + 1, 2);
            const minutes = fsDigitsValue(text, time.end + 4, 2);
            if ((zone !== 43 && zone !== 45) || time.end + 6 !== count || hours < 0 || hours > 23 ||
                text.charCodeAt(time.end + 3) !== 58 || minutes < 0 || minutes > 59) {
                return null;
            }
            offset = (zone === 45 ? -1 : 1) * (hours * 60 + minutes);
            spelling |= FS_NUMERIC_OFFSET;
            if (zone === 45 && offset === 0) spelling |= FS_NEGATIVE_ZERO;
        }
        // A leap second must end the UTC day's last minute.
        const leap = time.second === 60;
        if (leap && ((time.hour * 60 + time.minute - offset) % 1440 + 1440) % 1440 !== 1439) return null;
        const local = time.nanoseconds - (leap ? FS_NANOS_PER_SECOND : 0);
        const localFraction = local % FS_NANOS_PER_SECOND;
        const seconds = fsDaysFromCivil(year, month, day) * 86_400 + (local - localFraction) / FS_NANOS_PER_SECOND -
            offset * 60;
        return new OffsetDateTime(seconds, localFraction + (leap ? FS_NANOS_PER_SECOND : 0), offset,
            time.fractionDigits, spelling);
    }

    /** As written, or spelled in its offset for a computed one. */
    get description() {
        const leap = this.nanoseconds >= FS_NANOS_PER_SECOND;
        const local = this.seconds + this.offsetMinutes * 60;
        const days = local >= 0 ? Math.trunc(local / 86_400) : -Math.trunc((-local + 86_399) / 86_400);
        const secondOfDay = local - days * 86_400;
        const [year, month, day] = fsCivilFromDays(days);
        const date = (year < 0 ? "-" + fsPad(-year, 4) : fsPad(year, 4)) + "-" + fsPad(month, 2) + "-" + fsPad(day, 2);
        const time = fsClock(Math.trunc(secondOfDay / 3600), Math.trunc(secondOfDay / 60) % 60,
            secondOfDay % 60 + (leap ? 1 : 0));
        const fraction = fsTimeFraction(this.nanoseconds % FS_NANOS_PER_SECOND,
            this.fractionDigits === FS_COMPUTED ? null : this.fractionDigits);
        let zone = this.spelling & FS_LOWERCASE_Z ? "z" : "Z";
        if (this.spelling & FS_NUMERIC_OFFSET) {
            const magnitude = Math.abs(this.offsetMinutes);
            zone = (this.offsetMinutes < 0 || this.spelling & FS_NEGATIVE_ZERO ? "-" : "+") +
                fsPad(Math.trunc(magnitude / 60), 2) + ":" + fsPad(magnitude % 60, 2);
        }
        return date + (this.spelling & FS_LOWERCASE_T ? "t" : "T") + time + fraction + zone;
    }

    /** This instant moved by a TimeStep, spelled in this value's offset; a leap second carries first. */
    adding(step) {
        let seconds = this.seconds + step.seconds;
        let nanoseconds = this.nanoseconds;
        if (nanoseconds >= FS_NANOS_PER_SECOND && step.amount !== 0) {
            seconds += 1;
            nanoseconds -= FS_NANOS_PER_SECOND;
        }
        return new OffsetDateTime(seconds, nanoseconds, this.offsetMinutes);
    }

    compare(other) {
        if (this.seconds !== other.seconds) return this.seconds < other.seconds ? -1 : 1;
        return this.nanoseconds < other.nanoseconds ? -1 : this.nanoseconds === other.nanoseconds ? 0 : 1;
    }
}
