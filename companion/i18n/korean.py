"""Korean particles chosen from the word they follow: 민수가, 지민이, 5를, 1을, Tom이, Anna가.

A Korean particle has two forms, one after a syllable that ends in a consonant (받침) and one
after a vowel: 이/가, 은/는, 을/를, 과/와, 아/야, 이나/나, 이라는/라는 ..., and (으)로, where a
final ㄹ takes the vowel form (서울로, 집으로). Catalogue templates name the pair in a field's
format spec, `{name:이/가}`, and `t()` writes the word followed by the right form.

How a word's last sound is found:
- Hangul: from the last syllable's final consonant.
- Numbers are read as spoken in Sino-Korean: the last digit's name (1 일, 2 이, 3 삼, 4 사, 5 오,
  6 육, 7 칠, 8 팔, 9 구), or, for a number ending in zeros, the unit read last (10 십, 100 백,
  1000 천, 10000 만, 10^8 억, 10^12 조, 10^16 경); 0 is 영. After a decimal point each digit is read
  on its own (2.50 ends in 영). A percent sign reads 퍼센트.
- Latin letters: a code or initials in capitals (W, PA, CV) is spelled letter by letter, and
  only L (엘), M (엠), N (엔) and R (알) end in a consonant. A word is read the way Korean writes
  English names: it ends in a consonant after l, m, n or ng (Paul 폴, Tom 톰, Ben 벤, King 킹),
  and after b, k, p or t right behind a vowel (Bob 밥, Jack 잭, Pat 팻); every other ending is
  read with a vowel after it (Kate 케이트, Max 맥스, Ted 테드, Peter 피터, Kurt 커트).
- Closing quotes and brackets after a word are skipped: “경기”가.
- Anything else (an emoji, a Chinese character, an empty name) cannot be read: both forms are
  written, the consonant form in brackets: 이(가).
"""

from __future__ import annotations

from typing import NamedTuple


class Particle(NamedTuple):
    after_consonant: str
    after_vowel: str
    rieul_takes_vowel_form: bool = False  # (으)로: 서울로, not 서울으로


_PAIRS = [
    Particle("이", "가"), Particle("은", "는"), Particle("을", "를"), Particle("과", "와"),
    Particle("아", "야"), Particle("이나", "나"), Particle("이랑", "랑"), Particle("이며", "며"),
    Particle("이라", "라"), Particle("이라고", "라고"), Particle("이라는", "라는"), Particle("이란", "란"),
    Particle("이에요", "예요"), Particle("이야", "야"), Particle("이든", "든"), Particle("이든지", "든지"),
    Particle("이여", "여"), Particle("이다", "다"), Particle("이었", "였"), Particle("이고", "고"),
    Particle("으로", "로", True), Particle("으로서", "로서", True), Particle("으로써", "로써", True),
    Particle("으로는", "로는", True), Particle("으로도", "로도", True), Particle("으로만", "로만", True),
]
# Written either way round in a template: `{n:을/를}` or `{n:를/을}`.
PARTICLES: dict[str, Particle] = {}
for _pair in _PAIRS:
    PARTICLES[f"{_pair.after_consonant}/{_pair.after_vowel}"] = _pair
    PARTICLES[f"{_pair.after_vowel}/{_pair.after_consonant}"] = _pair

NO_FINAL, RIEUL = 0, 8  # indices of "no final consonant" and ㄹ among Hangul's 28 finals
_FIRST_SYLLABLE, _LAST_SYLLABLE = 0xAC00, 0xD7A3
_SKIPPED_AT_END = "\"'”’」』》〉)]}»"

# The final consonant (index among the 28 finals, 0 = none) of each reading.
_DIGIT_FINAL = {"0": 21, "1": RIEUL, "2": 0, "3": 16, "4": 0, "5": 0, "6": 1, "7": RIEUL, "8": RIEUL, "9": 0}
# Trailing zeros → the unit read last: 십 (ㅂ), 백 (ㄱ), 천 (ㄴ), 만 (ㄴ), 억 (ㄱ), 조 (none), 경 (ㅇ).
_UNIT_FINAL = [(1, 17), (2, 1), (3, 4), (4, 4), (8, 1), (12, 0), (16, 21)]
_LETTER_FINAL = {"L": RIEUL, "M": 16, "N": 4, "R": RIEUL}  # 엘 엠 엔 알; every other letter's name ends in a vowel
_VOWELS = set("aeiouy")


def syllable_final(syllable: str) -> int:
    """The final consonant of one Hangul syllable: 0 for none, 8 for ㄹ, ..."""
    return (ord(syllable) - _FIRST_SYLLABLE) % 28


def _number_final(digits: str, decimal: bool) -> int:
    if decimal:
        return _DIGIT_FINAL[digits[-1]]
    stripped = digits.lstrip("0")
    if not stripped:
        return _DIGIT_FINAL["0"]  # 영
    zeros = len(stripped) - len(stripped.rstrip("0"))
    if zeros == 0:
        return _DIGIT_FINAL[stripped[-1]]
    final = _DIGIT_FINAL["0"]
    for at_least, unit_final in _UNIT_FINAL:
        if zeros >= at_least:
            final = unit_final
    return final


def _latin_final(letters: str) -> int:
    if letters.isupper() and len(letters) <= 4:  # a code or initials, read letter by letter
        return _LETTER_FINAL.get(letters[-1], NO_FINAL)
    word = letters.lower()
    if word.endswith("ng"):
        return 21  # ㅇ
    last = word[-1]
    if last == "l":
        return RIEUL
    if last in "mn":
        return 16 if last == "m" else 4
    if last in "bkpt":
        before = word.rstrip(last)  # a doubled letter is one sound: Matt, Scott
        if before.endswith("c") and last == "k":  # Jack, Rick
            before = before[:-1]
        if before and before[-1] in _VOWELS - {"y"}:
            return {"b": 17, "k": 1, "p": 17, "t": 19}[last]  # ㅂ ㄱ ㅂ ㅅ
    return NO_FINAL


def final_consonant(word: object) -> int | None:
    """The final consonant (0 = none, 8 = ㄹ, another index for the others) that the last sound
    of `word` is read with, or None when it cannot be read (see the module's rules)."""
    text = str(word).rstrip()
    while text and text[-1] in _SKIPPED_AT_END:
        text = text[:-1].rstrip()
    if not text:
        return None
    last = text[-1]
    if _FIRST_SYLLABLE <= ord(last) <= _LAST_SYLLABLE:
        return syllable_final(last)
    if last == "%":
        return NO_FINAL  # 퍼센트
    if last.isascii() and last.isdigit():
        end = len(text)
        start = end
        while start > 0 and text[start - 1].isascii() and text[start - 1].isdigit():
            start -= 1
        decimal = start > 1 and text[start - 1] in ".," and text[start - 2].isdigit()
        return _number_final(text[start:end], decimal)
    if last.isascii() and last.isalpha():
        start = len(text)
        while start > 0 and text[start - 1].isascii() and text[start - 1].isalpha():
            start -= 1
        return _latin_final(text[start:])
    return None


def particle(word: object, spec: str) -> str:
    """The form of the particle `spec` (e.g. "이/가") that follows `word`."""
    pair = PARTICLES[spec]
    final = final_consonant(word)
    if final is None:
        return f"{pair.after_consonant}({pair.after_vowel})"
    if final == NO_FINAL or (final == RIEUL and pair.rieul_takes_vowel_form):
        return pair.after_vowel
    return pair.after_consonant


def with_particle(word: object, spec: str) -> str:
    """`word` followed by its particle: with_particle("민수", "이/가") == "민수가"."""
    return f"{word}{particle(word, spec)}"
