# Signet — the two commands of the quick start, and the ones around them.
#   make demo   install what is missing, build release, render SampleStrokes/ into demo-output/
#   make test   install what is missing, build, run the whole test suite
SHELL := /bin/bash
SWIFT ?= swift

# Libraries the build links (headers from the -dev packages).
BUILD_PACKAGES := pkg-config libcairo2-dev libpng-dev libjpeg-dev zlib1g-dev libqpdf-dev \
                  libpoppler-glib-dev libssl-dev
# Independent tools the tests check our output with.
TEST_PACKAGES := qpdf poppler-utils openssl imagemagick python3-pip parallel time

DEMO_OUT := demo-output

.PHONY: demo test build deps test-deps bench-compress fuzz sanitize clean

deps:
	@Tools/install-deps.sh $(BUILD_PACKAGES)

test-deps: deps
	@Tools/install-deps.sh $(TEST_PACKAGES)
	@Tools/install-pip.sh 'python3 -c "import PIL"' pillow
	@Tools/install-pip.sh 'command -v pyhanko' pyhanko pyhanko-cli
	@Tools/install-pip.sh 'python3 -c "import skimage"' scikit-image

build: deps
	$(SWIFT) build

demo: deps
	$(SWIFT) build -c release --product signet
	@rm -rf $(DEMO_OUT) && mkdir -p $(DEMO_OUT)
	@echo "rendering SampleStrokes/ into $(DEMO_OUT)/"
	.build/release/signet render SampleStrokes/*.* --output-dir $(DEMO_OUT)
	@echo "done: open $(DEMO_OUT)/ to see the PNGs"

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Fuzzing (libFuzzer + AddressSanitizer, Tools/Fuzz): every stroke reader, the PNG and JPEG
# decoders, PDF open + info + stamp; FUZZ_SECONDS (default 60) per run, findings in .build/fuzz.
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
	python3 Tools/bench_compress.py

clean:
	rm -rf .build $(DEMO_OUT)
