# Shared by bin/lint and bin/format. Sourced, not run. Expects $root (the repository) and say().

# The checked paths: the manifest and every Swift source, plugin and test.
swift_format_paths=(Package.swift Sources Plugins Tests)

# Sets swift_format=(…): swift-format on PATH, else the one next to `swift`, else `swift format`.
find_swift_format() {
    if command -v swift-format >/dev/null 2>&1; then
        swift_format=(swift-format)
        return 0
    fi
    local swift
    if swift=$(command -v swift 2>/dev/null); then
        swift=$(readlink -f "$swift")
        if [ -x "$(dirname "$swift")/swift-format" ]; then
            swift_format=("$(dirname "$swift")/swift-format")
            return 0
        fi
        if swift format --version >/dev/null 2>&1; then
            swift_format=(swift format)
            return 0
        fi
    fi
    say "swift-format not found: it comes with the Swift toolchain (6.0 or later); put it on PATH"
    exit 2
}

# Sets swift_files=(…): the .swift files under PATHS (default: $swift_format_paths, relative to
# $root). Ends in $root.
list_swift_files() {
    local paths=() path file
    for path in "$@"; do  # made absolute: the listing is done in $root
        [ -e "$path" ] || { say "$path: no such file or folder"; exit 2; }
        paths+=("$(realpath -- "$path")")
    done
    [ "${#paths[@]}" -gt 0 ] || paths=("${swift_format_paths[@]}")
    cd "$root"
    swift_files=()
    while IFS= read -r -d '' file; do
        swift_files+=("$file")
    done < <(find "${paths[@]}" -type f -name '*.swift' -not -path '*/.build/*' -print0 | sort -z)
}
