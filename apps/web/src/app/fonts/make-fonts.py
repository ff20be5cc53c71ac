#!/usr/bin/env python3
"""Writes noto-sans-lao-lao-{400,600}-normal-and-latin.woff2 beside this file.

Each is fontsource's Noto Sans Lao (node_modules/@fontsource/noto-sans-lao, the same glyphs as
before) with its Lao and Latin subsets and the kip sign (U+20AD, from latin-ext) merged into one
file: a page that shows Lao, Latin and amounts fetches one font file per weight instead of three
(decision 005; fonts.css says which characters each file serves). Run it again after updating
@fontsource/noto-sans-lao, from the repository root:

    apt-get install python3-fonttools python3-brotli   # Debian's fontTools and brotli
    /usr/bin/python3 apps/web/src/app/fonts/make-fonts.py

The fonts are under the SIL Open Font License 1.1, as fontsource's files (its LICENSE).
"""

from pathlib import Path
import tempfile

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont

HERE = Path(__file__).resolve().parent
FILES = HERE.parents[4] / 'node_modules/@fontsource/noto-sans-lao/files'
KIP = 0x20AD

with tempfile.TemporaryDirectory() as tmp:
    for weight in ('400', '600'):
        parts = []
        for name in ('lao', 'latin', 'latin-ext'):
            font = TTFont(FILES / f'noto-sans-lao-{name}-{weight}-normal.woff2')
            font.flavor = None
            if name == 'latin-ext':
                # Only the kip sign: the other latin-ext letters stay in fontsource's own file.
                options = subset.Options()
                options.layout_features = ['*']
                subsetter = subset.Subsetter(options)
                subsetter.populate(unicodes=[KIP])
                subsetter.subset(font)
            part = Path(tmp) / f'{name}-{weight}.ttf'
            font.save(part)
            parts.append(str(part))
        merged = Merger().merge(parts)
        merged.flavor = 'woff2'
        merged.recalcTimestamp = False  # keeps fontsource's date, not the day it ran
        out = HERE / f'noto-sans-lao-lao-{weight}-normal-and-latin.woff2'
        merged.save(out)
        print(f'{out.name}: {len(merged.getBestCmap())} characters, {out.stat().st_size} bytes')
