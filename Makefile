# Signet — the two commands of the quick start, and the ones around them.
#   make demo   install what is missing, build release, render SampleStrokes/ into demo-output/
#   make test   install what is missing, build, run the whole test suite
SHELL := /bin/bash
SWIFT ?= swift

# Libraries the build links (headers from the -dev packages).
BUILD_PACKAGES := pkg-config libcairo2-dev libpng-dev libjpeg-dev zlib1g-dev libqpdf-dev \
                  libpoppler-glib-dev libssl-dev
# Independent tools the tests check our output with.
TEST_PACKAGES := qpdf poppler-utils openssl python3-pip parallel imagemagick

DEMO_OUT := demo-output

.PHONY: demo test build deps test-deps bench-compress clean

deps:
	@Tools/install-deps.sh $(BUILD_PACKAGES)

test-deps: deps
	@Tools/install-deps.sh $(TEST_PACKAGES)
	@python3 -c "import PIL" 2>/dev/null || python3 -m pip install --quiet pillow \
	  || echo "note: Pillow could not be installed; the PNG cross-check with Pillow will be skipped" >&2
	@python3 -c "import skimage" 2>/dev/null || python3 -m pip install --quiet scikit-image \
	  || echo "note: scikit-image could not be installed; the SSIM reference test will be skipped" >&2

build: deps
	$(SWIFT) build

demo: deps
	$(SWIFT) build -c release --product signet
	@rm -rf $(DEMO_OUT) && mkdir -p $(DEMO_OUT)
	@echo "rendering every file in SampleStrokes/ to a transparent PNG in $(DEMO_OUT)/:"
	@.build/release/signet render SampleStrokes/*.* --output-dir $(DEMO_OUT)
	@echo "open $(CURDIR)/$(DEMO_OUT)/ to see them"

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Compression benchmark: signet compress vs ImageMagick jpeg:extent vs a Pillow binary search.
bench-compress: test-deps
	$(SWIFT) build -c release --product signet
	python3 Tools/bench_compress.py

clean:
	rm -rf .build $(DEMO_OUT)
