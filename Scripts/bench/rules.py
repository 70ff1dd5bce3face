"""The benchmark spec's rules (Benchmarks/signup-bench.form.yaml) written by hand in Python,
shared by the two Python peers so they check exactly what `formspec` checks, with the same
messages, and write the same `--report errors` lines."""

import re

USERNAME = re.compile(r"^[a-z0-9_]+$")
LOWER = re.compile(r"[a-z]")
UPPER = re.compile(r"[A-Z]")
DIGIT = re.compile(r"[0-9]")
SYMBOL = re.compile(r"[^A-Za-z0-9]")
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$")


def _text(value):
    """A text field's value: None when absent or empty; "type" when not a string."""
    if value is None or value == "":
        return None
    return value if isinstance(value, str) else "type"


def check(username, password, confirm, email, age):
    """The `errors` dict of one record (field -> list of {rule, message}), empty when valid."""
    errors = {}

    def add(field, rule, message):
        errors.setdefault(field, []).append({"rule": rule, "message": message})

    username = _text(username)
    if username is None:
        add("username", "required", "Username is required")
    elif username == "type":
        add("username", "type", "Username must be text")
    else:
        if len(username) < 3:
            add("username", "min_length", "At least 3 characters")
        if len(username) > 20:
            add("username", "max_length", "At most 20 characters")
        if not USERNAME.search(username):
            add("username", "pattern", "Lowercase letters, digits and underscores only")

    password = _text(password)
    if password is None:
        add("password", "required", "Password is required")
    elif password == "type":
        add("password", "type", "Password must be text")
    else:
        if len(password) < 8:
            add("password", "min_length", "At least 8 characters")
        if not LOWER.search(password):
            add("password", "pattern", "Needs a lowercase letter")
        if not UPPER.search(password):
            add("password", "pattern", "Needs an uppercase letter")
        if not DIGIT.search(password):
            add("password", "pattern", "Needs a digit")
        if not SYMBOL.search(password):
            add("password", "pattern", "Needs a symbol")

    confirm = _text(confirm)
    if confirm is None:
        add("confirm_password", "required", "Please confirm your password")
    elif confirm == "type":
        add("confirm_password", "type", "Confirm password must be text")
    elif confirm != password:
        add("confirm_password", "same_as", "Passwords don't match")

    email = _text(email)
    if email is None:
        add("email", "required", "Email is required")
    elif email == "type":
        add("email", "type", "Email must be text")
    elif not EMAIL.search(email):
        add("email", "pattern", "Enter a valid email address")

    if age is None:
        add("age", "required", "Age is required")
    elif isinstance(age, bool) or not isinstance(age, int):
        add("age", "type", "Age must be a whole number")
    else:
        if age < 13:
            add("age", "min", "You must be at least 13")
        if age > 120:
            add("age", "max", "Enter a real age")
    return errors
