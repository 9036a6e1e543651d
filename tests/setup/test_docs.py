# SPDX-License-Identifier: GPL-3.0-or-later
"""The project stands on its own: its documents are in docs/, every link between them
resolves, and no tracked file points outside the checkout."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ('protocol.md', 'storage.md', 'boards.md', 'language.md')

# Written so that this file does not match them itself.
OUTSIDE = [
    # The specification handed to the team, beside the checkout: never part of it.
    (re.compile(rb'(?<![\w-])shared' + rb'/'), 'the specification folder'),
    (re.compile(rb'(?<![\w/-])(?:device-protocol|snek-language|toolchain-notes)' + rb'\.md'),
     'a specification document, by name'),
    # Absolute paths of the machines it was written on.
    (re.compile(rb'(?<![\w.~-])/' + rb'work/'), 'an absolute path of this machine'),
    (re.compile(rb'(?<![\w.~-])/' + rb'root/'), "an absolute path of root's home"),
]

#: Markdown links [text](target) whose target is a file of the project.
LINK = re.compile(r'\[[^\]]*\]\(([^)#\s]+)(?:#[^)]*)?\)')


def tracked_files() -> list[Path]:
    done = subprocess.run(['git', 'ls-files', '-z'], cwd=ROOT, capture_output=True, check=True,
                          timeout=60)
    return [ROOT / name for name in done.stdout.decode().split('\0') if name]


def test_no_tracked_file_points_outside_the_project():
    found = []
    for path in tracked_files():
        if not path.is_file():
            continue
        data = path.read_bytes()
        for pattern, what in OUTSIDE:
            for match in pattern.finditer(data):
                line = data.count(b'\n', 0, match.start()) + 1
                found.append(f'{path.relative_to(ROOT)}:{line}: {what}')
    assert found == []


def test_the_check_finds_what_it_looks_for():
    """The patterns match the references they are meant to refuse, and not their look-alikes."""
    def refused(text: bytes) -> bool:
        return any(pattern.search(text) for pattern, _ in OUTSIDE)

    for bad in (b'see shared' + b'/device-protocol.md', b'(../shared' + b'/style.md)',
                b'the protocol of `device-protocol' + b'.md`', b'open("/' + b'work/main/x")',
                b'/' + b'root/.pyenv/shims/python3'):
        assert refused(bad), bad
    for good in (b'docs/protocol.md', b'/usr/share/arduino', b'https://example.org/work/x',
                 b'libshared/x', b'firmware/README.md', b'/tmp/a.py'):
        assert not refused(good), good


@pytest.mark.parametrize('name', DOCS)
def test_document_exists_and_the_readme_links_it(name):
    assert (ROOT / 'docs' / name).stat().st_size > 1000
    assert f'(docs/{name})' in (ROOT / 'README.md').read_text()


def test_every_document_is_in_both_indexes():
    """docs/README.md and the README's documentation list name every page in docs/."""
    pages = sorted(path.name for path in (ROOT / 'docs').glob('*.md') if path.name != 'README.md')
    assert len(pages) >= 13
    index = (ROOT / 'docs' / 'README.md').read_text()
    readme = (ROOT / 'README.md').read_text()
    listed = readme.split('## Documentation')[1].split('\n## ')[0]
    assert [page for page in pages if f'({page})' not in index] == []
    assert [page for page in pages if f'(docs/{page})' not in listed] == []
    assert '(docs/README.md)' in listed


#: Code blocks and spans show Markdown as text: a link written there is an example, not a link.
CODE = re.compile(r'```.*?```|`[^`\n]*`', re.S)


def test_every_link_between_documents_resolves():
    documents = [ROOT / 'README.md', ROOT / 'firmware' / 'README.md',
                 *sorted((ROOT / 'docs').glob('*.md'))]
    broken = []
    for document in documents:
        for target in LINK.findall(CODE.sub('', document.read_text())):
            if re.match(r'[a-z]+:', target):
                continue   # a URL
            if not (document.parent / target).resolve().exists():
                broken.append(f'{document.relative_to(ROOT)}: {target}')
    assert broken == []


def test_firmware_readme_links_the_protocol_instead_of_repeating_it():
    text = (ROOT / 'firmware' / 'README.md').read_text()
    assert '(../docs/protocol.md)' in text and '(../docs/language.md)' in text
    assert 'ENQ is answered' not in text


def test_quick_start_commands_are_make_targets():
    text = (ROOT / 'README.md').read_text()
    quick_start = text.split('## Quick start')[1].split('\n## ')[0]
    commands = re.findall(r'^    (make \w+)', quick_start, re.M)
    assert commands == ['make ide', 'make test']
    for command in commands:
        done = subprocess.run([*command.split(), '-n'], cwd=ROOT, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
    ide = subprocess.run(['make', '-n', 'ide'], cwd=ROOT, capture_output=True, text=True,
                         timeout=120).stdout
    assert 'tools/system-packages ide' in ide
    assert 'tools/system-packages test' not in ide and '[test]' not in ide
