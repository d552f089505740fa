#!/bin/sh
# The same in Swift (docs/PLUGINS.md): a package with a dynamic library product.
# PluginAuthoringEndToEndTests runs it as it is.
set -eu

txfeed plugins new my-swift-bank --lang swift
(cd my-swift-bank && swift build)
txfeed plugins check my-swift-bank/.build/debug/libmy-swift-bank.so
txfeed run -s my-swift-bank:Savings --plugin-path my-swift-bank/.build/debug --sink ndjson
