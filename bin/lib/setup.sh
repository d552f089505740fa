# Shared set-up for bin/ scripts: install what is missing, build when stale.
# Sourced, not run. Expects $root (the repository).

say() { printf 'txfeed: %s\n' "$*" >&2; }

# The C libraries txfeed builds against, as "pkg-config-name:debian-package" pairs: jansson
# (JSON), libxml2 (CAMT and OFX statements; docs/OFX.md says why not LibOFX), SQLite (--state
# and the sqlite sink), libcurl (the http source: its callbacks can stop a transfer at once),
# libxlsxwriter (the xlsx sink).
txfeed_libraries=("jansson:libjansson-dev" "libxml-2.0:libxml2-dev" "sqlite3:libsqlite3-dev" "libcurl:libcurl4-openssl-dev"
    "xlsxwriter:libxlsxwriter-dev" "libcrypto:libssl-dev")

# Installs with apt-get whatever pkg-config does not find (plus pkg-config itself), once.
ensure_libraries() {
    local missing=() pair
    command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
    for pair in "${txfeed_libraries[@]}"; do
        if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists "${pair%%:*}"; then
            missing+=("${pair#*:}")
        fi
    done
    [ "${#missing[@]}" -eq 0 ] && return 0
    if ! command -v apt-get >/dev/null 2>&1; then
        say "needs ${missing[*]} (and pkg-config); install them with your package manager"
        exit 1
    fi
    local sudo=""
    if [ "$(id -u)" != 0 ]; then
        if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
            say "needs ${missing[*]}: run as root or install them: apt-get install -y ${missing[*]} pkg-config"
            exit 1
        fi
    fi
    say "installing ${missing[*]} (apt-get)…"
    if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" pkg-config; } >/tmp/txfeed-apt.log 2>&1; then
        cat /tmp/txfeed-apt.log >&2
        say "could not install ${missing[*]}; install them by hand: apt-get install -y ${missing[*]} pkg-config"
        exit 1
    fi
}

# Builds every product (plugins included) in CONFIG when a source is newer than the last build.
build_if_stale() {
    local config="$1" stamp="$root/.build/$1/.txfeed-built"
    if [ -f "$stamp" ] && [ -x "$root/.build/$config/txfeed" ] &&
        [ -z "$(find "$root/Package.swift" "$root/Sources" "$root/Plugins" -newer "$stamp" -print -quit 2>/dev/null)" ]; then
        return 0
    fi
    say "building ($config)…"
    local log
    log=$(mktemp)
    if ! (cd "$root" && swift build -c "$config") >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        say "build failed"
        exit 1
    fi
    rm -f "$log"
    touch "$stamp"
}

# The tests' own Python, .build/venv, with independent readers to compare txfeed with:
# openpyxl (the xlsx sink's workbooks), csv2ofx (bank CSV layouts), mt-940 (MT940 statements),
# ofxparse (OFX statements), quiffen (QIF files), ofxstatement-iso20022 (camt statements; with
# the ofxstatement it plugs into), beancount (bean-check reads the beancount sink's files).
# Made once, quietly; python3-venv is installed with apt-get when venv is missing. Tests find
# it at .build/venv and fail (never skip) without it.
test_venv="$root/.build/venv"
test_python_packages="openpyxl csv2ofx==0.34.2 mt-940==5.1.1 ofxparse==0.21 quiffen==4.0.1 ofxstatement==0.9.3 ofxstatement-iso20022==0.8.1 beancount==3.2.3"
ensure_test_venv() {
    if [ -x "$test_venv/bin/python3" ] && "$test_venv/bin/python3" -c 'import openpyxl, csv2ofx, mt940, ofxparse, quiffen, ofxstatement.plugins.iso20022, beancount' >/dev/null 2>&1; then
        return 0
    fi
    if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
        local sudo=""
        [ "$(id -u)" = 0 ] || sudo="sudo"
        say "installing python3-venv (apt-get)…"
        if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-venv; } >/tmp/txfeed-apt.log 2>&1; then
            cat /tmp/txfeed-apt.log >&2
            say "could not install python3-venv; install it by hand: apt-get install -y python3-venv"
            exit 1
        fi
    fi
    say "making $test_venv with $test_python_packages (pip)…"
    rm -rf "$test_venv"
    local log
    log=$(mktemp)
    if ! { python3 -m venv "$test_venv" && "$test_venv/bin/python3" -m pip install -q --disable-pip-version-check $test_python_packages; } >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        rm -rf "$test_venv"
        say "could not make $test_venv with $test_python_packages (pip needs to reach PyPI)"
        exit 1
    fi
    rm -f "$log"
}

# hledger and ledger (Debian packages): the real programs that read the journal sink's files in
# the tests. Installed with apt-get when missing; the tests fail (never skip) without them.
ensure_journal_programs() {
    command -v hledger >/dev/null 2>&1 && command -v ledger >/dev/null 2>&1 && return 0
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    say "installing hledger and ledger (apt-get), which the journal tests run…"
    if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq hledger ledger; } \
        >/tmp/txfeed-apt.log 2>&1; then
        cat /tmp/txfeed-apt.log >&2
        say "could not install hledger and ledger: apt-get install -y hledger ledger"
        exit 1
    fi
}
