"""`python -m benchmarks [--smoke] [NAME ...]`: measure and print each figure with its target."""

from __future__ import annotations

import argparse
import sys
import traceback

from benchmarks import figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--smoke", action="store_true",
                        help="run each figure once on a small input (proves it runs; the numbers mean little)")
    parser.add_argument("names", nargs="*", help="only the figures whose name contains one of these")
    args = parser.parse_args(argv)
    failed = 0
    print(f"{'figure':<52} {'measured':>12} {'target':>12}  verdict")
    for figure in figures(args.names):
        try:
            value = figure.measure(args.smoke)
        except Exception:  # one broken figure must not hide the others
            failed += 1
            print(f"{figure.name:<52} {'failed':>12} {figure.target:>10g} {figure.unit:<2}  FAILED", flush=True)
            traceback.print_exc()
            continue
        verdict = "smoke" if args.smoke else ("ok" if value <= figure.target else "MISS")
        print(f"{figure.name:<52} {value:>10.3f} {figure.unit:<2} {figure.target:>8g} {figure.unit:<2}  {verdict}",
              flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
