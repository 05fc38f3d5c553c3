"""`python -m i18n update`: extract the wrapped texts and merge them into every .po.
`python -m i18n check`: list what each catalogue lacks (exit 1 when anything)."""

import sys

from i18n import catalogues


def main(argv: list[str]) -> int:
    if argv == ["update"]:
        catalogues.update()
        print(f"wrote {catalogues.TEMPLATE.name} and the .po of {', '.join(catalogues.TRANSLATED)}")
        return 0
    if argv == ["check"]:
        template = catalogues.extract()
        found = {lang: catalogues.problems(lang, template) for lang in catalogues.TRANSLATED}
        for lang, problems in found.items():
            print(f"{lang}: {len(problems)} problem(s)")
            for problem in problems:
                print(f"  {problem}")
        return 1 if any(found.values()) else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
