# Tremplin — the two commands: `make run` (the app, on SQLite, with demo accounts) and
# `make test` (everything CI checks). See README.md.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

BIN := $(CURDIR)/bin
# -trimpath: Go's build cache then keys a package by its module path, not by the folder it was
# checked out in, so a clean clone (CI's) reuses what an earlier checkout on the machine built
# (a new folder's Go tests compiled in 61 s without it, 29 s with it).
export GOFLAGS := $(strip $(GOFLAGS) -trimpath)
TOOLS := $(BIN)/protoc-gen-go $(BIN)/protoc-gen-connect-go
# buf comes prebuilt from npm (@bufbuild/buf, pinned in webapp/package.json): building it from
# source cost a fresh machine (CI) its longest Go build.
BUF := $(CURDIR)/webapp/node_modules/.bin/buf
GENERATED := gen ent webapp/src/gen internal/protosource gateway/openapi.json
NODE_MODULES := webapp/node_modules/.package-lock.json

.PHONY: help
help: ## list the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-18s %s\n", $$1, $$2}'

# --- tools -----------------------------------------------------------------------------------

# Pinned in tools/go.mod (the module proxy refuses @latest for some modules). One build makes
# both (a grouped target: under `make -j` the recipe still runs once, not once per file).
$(TOOLS) &: tools/go.mod tools/go.sum
	cd tools && go build -o $(BIN)/ google.golang.org/protobuf/cmd/protoc-gen-go connectrpc.com/connect/cmd/protoc-gen-connect-go

$(BIN)/grpcurl: tools/grpcurl/go.mod
	cd tools/grpcurl && go build -o $(BIN)/ github.com/fullstorydev/grpcurl/cmd/grpcurl

# `make bin/grpcurl`: internal/server's test drives the server with it (TLS and h2c).
.PHONY: bin/grpcurl
bin/grpcurl: $(BIN)/grpcurl

# Its own module: its dependencies never meet the server's.
$(BIN)/golangci-lint: tools/golangci-lint/go.mod
	cd tools/golangci-lint && go build -o $(BIN)/ github.com/golangci/golangci-lint/v2/cmd/golangci-lint

$(NODE_MODULES): webapp/package.json webapp/package-lock.json
	cd webapp && npm ci --no-audit --no-fund
	@touch $@

# What `make test` builds before its checks, for CI to make side by side (`make -j3 prepare`):
# npm ci mostly waits on the network while the Go tools compile.
.PHONY: prepare
prepare: $(TOOLS) $(BIN)/golangci-lint $(BIN)/grpcurl $(BIN)/stripe-double $(NODE_MODULES)

.PHONY: tools
tools: $(TOOLS) $(BIN)/grpcurl $(BIN)/golangci-lint $(BIN)/stripe-mock $(NODE_MODULES) ## build the pinned tools and install npm packages

# --- code generation -------------------------------------------------------------------------

.PHONY: generate
generate: $(TOOLS) $(NODE_MODULES) ## regenerate Go, TypeScript and ent code from proto/ and ent/schema
	$(BUF) lint
	$(BUF) generate
	$(BUF) generate --template buf.gen.web.yaml
	# The protos with their comments (protoc-gen-go leaves them out), for tremplinctl's help and
	# the OpenAPI document; then the OpenAPI document of the JSON routes.
	$(BUF) build --as-file-descriptor-set --exclude-imports --path proto/tremplin -o internal/protosource/tremplin.binpb
	@# ent before openapi-gen: the generator links the server, whose ent runtime must match the schema.
	cd ent && go generate ./...
	go run ./cmd/openapi-gen -o gateway/openapi.json

# Fails when the committed generated code differs from what `make generate` makes. It generates
# into a copy of the checkout (the tools and npm packages linked in), never over the committed
# files: make test then runs it beside the builds and tests that read them.
.PHONY: check-generated
check-generated: $(TOOLS) $(NODE_MODULES)
	@copy=$$(mktemp -d); trap 'rm -rf "$$copy"' EXIT; \
	git ls-files -z --cached --others --exclude-standard | tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -xf - -C "$$copy"; \
	ln -s $(BIN) "$$copy/bin"; ln -s $(CURDIR)/webapp/node_modules "$$copy/webapp/node_modules"; \
	$(MAKE) --no-print-directory -C "$$copy" generate >/dev/null; \
	stale=0; for g in $(GENERATED); do diff -r -q "$$g" "$$copy/$$g" || stale=1; done; \
	if [ "$$stale" = 1 ]; then echo "Generated code is stale: run 'make generate' and commit the result."; exit 1; fi; \
	echo "generated code is up to date"

.PHONY: migration
migration: ## write the migrations for a schema change: make migration name=add_something
	@test -n "$(name)" || { echo "usage: make migration name=snake_case_name"; exit 1; }
	go run ./cmd/migration-diff -name $(name)

.PHONY: migration-rehash
migration-rehash: ## after merging branches that each added a migration: rewrite atlas.sum
	go run ./cmd/migration-diff -rehash

# Stripe's API on loopback for the tests (internal/stripetest starts it).
$(BIN)/stripe-mock: tools/stripe-mock/go.mod
	cd tools/stripe-mock && go build -o $(BIN)/ github.com/stripe/stripe-mock

# Stripe's API for the browser tests: stripe-mock behind internal/stripetest's double.
$(BIN)/stripe-double: $(BIN)/stripe-mock $(wildcard internal/stripetest/*.go internal/stripetest/cmd/stripe-double/*.go)
	go build -o $(BIN)/stripe-double ./internal/stripetest/cmd/stripe-double

$(BIN)/vegeta: tools/vegeta/go.mod
	cd tools/vegeta && go build -o $(BIN)/ github.com/tsenart/vegeta/v12

.PHONY: bin/vegeta
bin/vegeta: $(BIN)/vegeta

# Compares benchmark runs (scripts/bench-side-by-side.sh): medians, spread, significance.
$(BIN)/benchstat: tools/benchstat/go.mod
	cd tools/benchstat && go build -o $(BIN)/ golang.org/x/perf/cmd/benchstat

.PHONY: bin/benchstat
bin/benchstat: $(BIN)/benchstat

# --- build and run ---------------------------------------------------------------------------

.PHONY: web
web: $(NODE_MODULES) ## build the web app into webapp/dist
	cd webapp && npm run build

.PHONY: build
# WEB_BUILT=1: webapp/dist is built already (make test builds it before the parallel phase).
build: $(if $(WEB_BUILT),,web) ## build bin/tremplin with the web app embedded, and bin/tremplinctl (the admin CLI)
	go build -o $(BIN)/tremplin ./cmd/tremplin
	go build -o $(BIN)/tremplinctl ./cmd/tremplinctl

.PHONY: run
run: build ## run Tremplin on SQLite (./data) with the demo accounts, on http://localhost:8080
	$(BIN)/tremplin serve --demo

# --- checks ----------------------------------------------------------------------------------

.PHONY: lint
lint: $(BIN)/golangci-lint $(NODE_MODULES) ## buf lint, and golangci-lint (.golangci.yml: vet, staticcheck, errors, formatting)
	$(BUF) lint
	$(BIN)/golangci-lint run --allow-parallel-runners ./...

.PHONY: test-go
test-go: $(BIN)/stripe-mock $(BIN)/grpcurl $(BIN)/golangci-lint ## Go tests (SQLite; PostgreSQL too when TEST_DATABASE_URL is set)
	@# -vet=off: golangci-lint (make lint) has run go vet on every package already. No race
	@# detector here: its build of every package and its slower run cost 30 CPU-minutes of
	@# CI's 60 on 2 cores (18 min alone, against 8 without); make test-race runs it.
	go test -vet=off -count=1 -p 2 ./...

.PHONY: test-race
test-race: $(BIN)/stripe-mock $(BIN)/grpcurl $(BIN)/golangci-lint ## the Go tests under the race detector (~18 min on 2 cores): before changing what goroutines share
	go test -race -vet=off -count=1 -p 2 ./...

# Each fuzz target for FUZZTIME, two at a time (scripts/fuzz.sh). Their seed corpora already
# run as plain tests in test-go; this searches beyond them. A failing input is written under
# the package's testdata/fuzz/: commit it with the fix.
FUZZTIME ?= 30s
# One worker each: two targets keep both cores busy.
FUZZ_WORKERS ?= 1
FUZZ_TARGETS := ./internal/contactcsv:FuzzParse ./internal/contactvcard:FuzzParse ./gateway:FuzzGatewayDecoding ./internal/calendar:FuzzICS

.PHONY: test-fuzz
test-fuzz: ## run each fuzz target for FUZZTIME (30s), two at a time: the CSV and vCard imports, the /api decoding, the .ics writer
	FUZZTIME=$(FUZZTIME) FUZZ_WORKERS=$(FUZZ_WORKERS) ./scripts/fuzz.sh $(FUZZ_TARGETS)

# The fuzz targets' instrumented builds (every package a target's test binary links, compiled
# again with coverage counters), for test-fuzz to find in Go's build cache. make test makes them
# beside the lints and unit tests, where a core is often left idle, rather than at its end. A
# fuzzed package's tests link no server: gateway's tests through the whole server live in
# gateway/served (with them, the four builds took 447 s from an empty cache; without, 201 s).
.PHONY: fuzz-build
fuzz-build:
	FUZZ_BUILD_ONLY=1 ./scripts/fuzz.sh $(FUZZ_TARGETS)

.PHONY: test-web
test-web: $(NODE_MODULES) ## web type check and unit tests
	cd webapp && npm run typecheck && npm run test:unit

.PHONY: lint-web
lint-web: $(NODE_MODULES) ## ESLint on the web app (typescript-eslint, react-hooks, jsx-a11y, features never import each other)
	cd webapp && npm run lint

.PHONY: test-e2e
test-e2e: build $(BIN)/stripe-double ## browser tests: Playwright drives Debian's Chromium against bin/tremplin
	@command -v chromium-headless-shell >/dev/null || ./scripts/install-chromium.sh
	cd webapp && npm run test:e2e

.PHONY: test
test: ## everything CI checks
	@# Go's lint, the web's lint and unit tests, and the fuzz targets' builds side by side (none
	@# keeps both cores busy all the time); the two longest start first, and each one's output is
	@# printed whole when it ends.
	$(MAKE) --no-print-directory -j3 --output-sync=target lint test-web fuzz-build lint-web
	@# The web app is built first: Vite empties webapp/dist while it builds, and a Go test
	@# binary embedding it then (package webapp) fails to compile.
	$(MAKE) --no-print-directory web
	@# Then the browser tests beside the Go side: the Go tests, the generated code checked (in a
	@# copy: it finds the server compiled by the tests) and the fuzz targets. The browser tests
	@# are the longest part, the Go side fills the CPU they leave.
	$(MAKE) --no-print-directory -j2 --output-sync=target test-go-side test-e2e WEB_BUILT=1

.PHONY: test-go-side
test-go-side: test-go
	$(MAKE) --no-print-directory check-generated
	$(MAKE) --no-print-directory test-fuzz
