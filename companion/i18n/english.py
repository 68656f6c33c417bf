"""English counts and articles: "1 chip", "2 chips", "an orange chip", "a blue chip".

Templates name them in a field's format spec and `t()` applies them:
- `{n:chip|chips}` writes the number and the noun that fits it ("1 chip", "0 chips", "2 chips");
  with a `#` in either form, the number goes where `#` is and nowhere else
  (`{n:one more chip|# more chips}`).
- `{colour:a}` writes the word with "a" or "an" in front, by how it is said ("an orange",
  "a one", "an 8", "an hour", "a unit"; a code in capitals is spelled: "an F", "a B").
- `{game:attr}` writes a name used in front of a noun, without the "The" of its title ("New
  Quacks of Quedlinburg match", not "New The Quacks of Quedlinburg match"); `{game:a attr}` the
  same with "a" or "an" ("a Quacks of Quedlinburg match").
- `^` (alone or with another spec, `{colour:^a}`) starts the text with a capital letter, for a
  word at the start of a sentence.
"""

from __future__ import annotations

# Words whose first letter says otherwise than its sound.
_A_BEFORE = ("one", "once", "uni", "use", "usu", "eu", "ewe", "ur", "uti")
_AN_BEFORE = ("hour", "honest", "honou", "heir")
_VOWEL_LETTER_NAMES = set("AEFHILMNORSX")  # "an F", "an M": the letter's name starts with a vowel


def is_one(value: object) -> bool:
    try:
        return float(str(value)) == 1
    except ValueError:
        return False


def counted(value: object, forms: str) -> str:
    """`value` with the singular or plural noun of `forms` ("chip|chips")."""
    singular, _, plural = forms.partition("|")
    form = singular if is_one(value) else plural
    if "#" in forms:  # the template places the number itself (or leaves it out)
        return form.replace("#", str(value))
    return f"{value} {form}" if form else str(value)


def article(word: object) -> str:
    """ "a" or "an" for `word`, by its first sound."""
    text = str(word).lstrip("\"'“‘(")
    if not text:
        return "a"
    lower = text.lower()
    if lower.startswith(_AN_BEFORE):
        return "an"
    if lower.startswith(_A_BEFORE):
        return "a"
    head = text.split()[0] if text.split() else text
    if head.isupper() and head.isalpha() and len(head) <= 3:
        return "an" if head[0] in _VOWEL_LETTER_NAMES else "a"
    if text[0].isdigit():
        digits = "".join(ch for ch in head if ch.isdigit())
        # "an 8", "an 11", "an 18", "an 80": said "eight", "eleven", "eighteen", "eighty"
        return "an" if digits.startswith("8") or (len(digits) % 3 == 2 and digits[:2] in ("11", "18")) else "a"
    return "an" if lower[0] in "aeiou" else "a"


def with_article(word: object) -> str:
    return f"{article(word)} {word}"


def attributive(name: object) -> str:
    """`name` in front of a noun: a title's own "The" goes ("The Quacks of Quedlinburg" → "Quacks
    of Quedlinburg match"), as people say it."""
    text = str(name)
    return text[4:] if text.startswith("The ") and len(text) > 4 else text


def capitalised(text: str) -> str:
    """`text` with its first letter in capitals (the rest as it is: "orange W1" → "Orange W1")."""
    for index, char in enumerate(text):
        if char.isalpha():
            return text[:index] + char.upper() + text[index + 1:]
        if not char.isspace() and char not in "\"'“‘(":
            return text
    return text
