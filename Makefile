# ITS: `make run` starts the product with its embedded defaults and demo data; `make test` runs
# every test. Both install what they need on a fresh Debian machine with Go and Node.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
GO ?= go
NPM ?= npm
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X its/core/app.Version=$(VERSION)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
REMOTES := $(notdir $(wildcard remotes/*))

.PHONY: seed-catalog help gen check-gen run build web go-build plugins test tidy-check test-go test-fuzz fuzz test-policies test-web test-e2e bench deps-postgres deps-chromium deps-office deps-node clean fmt vet lint soak uszip

help:
	@echo "make run    - build everything and start ITS on http://127.0.0.1:8080 with demo data"
	@echo "make test   - run every test (Go with a real PostgreSQL, policies, web units, browser e2e)"
	@echo "make lint   - gofmt, go vet, staticcheck and ESLint, each with zero findings"
	@echo "make fuzz   - run every Go fuzz target for FUZZTIME (default 60s) each"
	@echo "make bench  - print one JSON line per performance figure (includes a soak of SOAK_DURATION)"
	@echo "make soak   - run a real server under mixed load for SOAK_DURATION (default 10m)"

## ---- set-up --------------------------------------------------------------------------

# PostgreSQL server binaries from the OS packages (no cluster is created: ITS makes its own).
deps-postgres:
	@if command -v pg_ctl >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then exit 0; fi; \
	if [ "$$(id -u)" != 0 ] && ! command -v sudo >/dev/null; then \
	  echo "PostgreSQL is missing: install it with 'apt-get install postgresql' (as root) and run make again"; exit 1; fi; \
	echo "installing PostgreSQL from the OS packages"; \
	$(SUDO) mkdir -p /etc/postgresql-common; \
	echo "create_main_cluster = false" | $(SUDO) tee /etc/postgresql-common/createcluster.conf >/dev/null; \
	$(SUDO) apt-get update -qq; \
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq postgresql >/dev/null

# Debian's Chromium and its headless shell, with CJK fonts so Japanese renders, and poppler's
# pdftoppm for PDF previews (headless Chromium cannot rasterise PDFs). The PDF renderer and the
# browser tests drive the headless shell (lighter: the same engine without the full browser's
# window and profile machinery); the conference plugin records its videos in the full browser.
deps-chromium:
	@if { { command -v chromium >/dev/null 2>&1 && command -v chromium-headless-shell >/dev/null 2>&1; } || [ -n "$${CHROMIUM_PATH:-}" ]; } && \
	   { [ -n "$${CHROMIUM_PATH:-}" ] || fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; } && \
	   command -v pdftoppm >/dev/null 2>&1; then exit 0; fi; \
	if [ "$$(id -u)" != 0 ] && ! command -v sudo >/dev/null; then \
	  echo "Chromium is missing: install it with 'apt-get install chromium chromium-headless-shell' (as root) and run make again"; exit 1; fi; \
	echo "installing Chromium from the OS packages"; \
	$(SUDO) apt-get update -qq; \
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium chromium-headless-shell fonts-noto-cjk poppler-utils >/dev/null

# LibreOffice's spreadsheet program, only for the tests: it prints the xlsx line sheets to PDF,
# as a buyer's spreadsheet program would, to check that they print one page wide.
deps-office:
	@if command -v soffice >/dev/null 2>&1; then exit 0; fi; \
	if [ "$$(id -u)" != 0 ] && ! command -v sudo >/dev/null; then \
	  echo "LibreOffice is missing: the xlsx print test is skipped (apt-get install libreoffice-calc-nogui as root runs it)"; exit 0; fi; \
	echo "installing LibreOffice Calc from the OS packages"; \
	$(SUDO) apt-get update -qq; \
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libreoffice-calc-nogui >/dev/null

node_modules/.installed: package.json package-lock.json $(wildcard shell/package.json shell/kit/package.json remotes/*/package.json e2e/package.json)
	$(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

deps-node: node_modules/.installed

## ---- build ---------------------------------------------------------------------------

# The names Go and TypeScript share (actions, enumerations, message ids), generated from the
# manifests; every build regenerates them, and check-gen fails when the committed copy is stale.
GENERATED := '*_gen.go' shell/kit/src/generated

gen:
	$(GO) run ./scripts/gennames

# The US ZIP code data set the orders module embeds (modules/orders/uszip/zips.tsv.gz), built
# from the zipcodes npm package pinned in package.json; run after upgrading it and commit the file.
uszip: deps-node
	node scripts/uszip.mjs

check-gen: gen
	@git diff --exit-code -- $(GENERATED) || { echo "generated files are stale: run make gen and commit them"; exit 1; }
	@if [ -n "$$(git ls-files --others --exclude-standard -- $(GENERATED))" ]; then \
	  echo "generated files are not committed:"; git ls-files --others --exclude-standard -- $(GENERATED); exit 1; fi

# The shell and every remote, copied where the Go binary embeds them.
web: gen deps-node
	$(NPM) run build
	rm -rf core/web/dist/shell core/web/dist/remotes
	mkdir -p core/web/dist/remotes
	cp -r shell/dist core/web/dist/shell
	@for r in $(REMOTES); do cp -r remotes/$$r/dist core/web/dist/remotes/$$r; done

go-build: gen
	$(GO) build -ldflags "$(LDFLAGS)" -o bin/its ./cmd/its

# The plugins kept in this repository (plugins/<id>), each built into its installable bundle.
PLUGINS := $(notdir $(wildcard plugins/*))

plugins: gen deps-node
	@for p in $(PLUGINS); do $(MAKE) --no-print-directory -C plugins/$$p; done

build: gen web go-build plugins

## ---- run -----------------------------------------------------------------------------

# The conference plugin is unpacked into the plugins folder, so the server starts it with the
# demo data (bundles installed with `its plugins install` live in the database instead).
PLUGINS_DIR = $${ITS_PLUGINS_DIR:-$${ITS_DATA_DIR:-./var}/plugins}

run: deps-postgres deps-chromium build
	@for p in $(PLUGINS); do d="$(PLUGINS_DIR)/$$p"; if [ ! -f "$$d/.its-bundle" ]; then \
	  rm -rf "$$d" && mkdir -p "$$d" && tar -xzf plugins/$$p/$$p.tar.gz -C "$$d"; fi; done
	@echo ""
	@echo "ITS on http://$${ITS_ADDR:-127.0.0.1:8080} - demo logins (password: $${ITS_DEMO_PASSWORD:-its-demo}):"
	@for r in user editor seniorEditor admin adminEditor approver seniorApprover coordinator seniorCoordinator manager; do echo "  $$r@example.com"; done
	@echo ""
	./bin/its serve

## ---- test ----------------------------------------------------------------------------

test: check-gen tidy-check deps-postgres deps-chromium deps-office build lint test-go test-fuzz test-web test-e2e

vet:
	$(GO) vet ./...

# Every linter, with zero findings: gofmt (lists the files it would change), go vet, staticcheck
# (a tool dependency in go.mod) and ESLint over the shell, the remotes and the plugins
# (eslint.config.js). A finding the rule gets wrong is silenced on its line, with the reason.
lint: deps-node
	@unformatted="$$(gofmt -l $$(git ls-files '*.go'))"; \
	if [ -n "$$unformatted" ]; then echo "not formatted (run make fmt):"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) tool staticcheck ./...
	$(NPM) run --silent lint

# go.mod and go.sum must be what `go mod tidy` writes: direct dependencies not marked
# indirect, nothing unused. Prints the needed change and fails otherwise.
tidy-check:
	$(GO) mod tidy -diff

# Go tests start real PostgreSQL clusters (core/db/dbtest); policies run their Rego tests. Many
# tests start a whole app with the demo catalog, so a package may need more than go test's default
# 10 minutes on a busy two-core machine. go test's own vet pass (a subset of go vet's checks) is
# off: make test runs the whole of go vet ./... in lint first. TESTVET=on brings it back.
TESTVET ?= off
test-go:
	$(GO) test -count=1 -p 2 -vet=$(TESTVET) -timeout 30m ./...

# Every Go fuzz target (scripts/fuzz.sh), two packages at a time: briefly in make test, for
# FUZZTIME each in make fuzz. A failing input lands in the package's testdata/fuzz/.
FUZZTIME ?= 60s

test-fuzz: deps-postgres
	FUZZTIME=3s GO=$(GO) scripts/fuzz.sh

fuzz: deps-postgres
	FUZZTIME=$(FUZZTIME) GO=$(GO) scripts/fuzz.sh

test-policies:
	$(GO) test -count=1 ./policies/...

test-web: gen deps-node
	$(NPM) test

test-e2e: deps-chromium
	$(NPM) run e2e

## ---- bench ---------------------------------------------------------------------------

# How long the soak runs (make soak, and the soak part of make bench).
SOAK_DURATION ?= 10m
# How long the 20-client throughput run of make bench lasts.
THROUGHPUT_DURATION ?= 20s

# Only the JSON lines go to stdout; building and test chatter go to stderr. The query plans of
# the product library at 250,000 products are checked here (build tag scale: the catalog takes
# minutes to make); ITS_BENCH_SCALE=1m adds the scale figures at a million products. The last step starts
# a real server: the 20-client throughput run, then the soak (SOAK_DURATION).
bench: deps-postgres deps-chromium
	@$(MAKE) --no-print-directory build >&2
	@$(GO) test -run '^$$' -bench . -benchtime 1x -count 1 ./... 2>/dev/null | $(GO) run ./scripts/benchjson 2>/dev/null
	@$(GO) test -tags scale -count=1 -timeout 30m -run TestQueryPlansAt250k ./modules/products/ >&2
	@$(NPM) run --silent bench
	@$(GO) run ./scripts/soak -bin bin/its -throughput $(THROUGHPUT_DURATION) -duration $(SOAK_DURATION)

# A database with a generated catalog of PRODUCTS products (the demo data, then the catalog grown
# through COPY), to measure a server at scale: ITS_DATABASE_URL names the database, as for serve.
PRODUCTS ?= 250000

seed-catalog: deps-postgres go-build
	./bin/its seed --products $(PRODUCTS)

# Not part of make test: a real `its serve` under a mixed load of reads, grid writes, uploads and
# exports for SOAK_DURATION, reporting its memory and goroutines at the start and the end.
soak: deps-postgres
	@$(MAKE) --no-print-directory go-build >&2
	@$(GO) run ./scripts/soak -bin bin/its -duration $(SOAK_DURATION)

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -rf bin shell/dist remotes/*/dist core/web/dist/shell core/web/dist/remotes
	@for p in $(PLUGINS); do $(MAKE) --no-print-directory -C plugins/$$p clean; done
