#!/bin/sh
# From nothing to a working source and sink plugin in C, as docs/PLUGINS.md walks through
# it. Run it in an empty folder with txfeed on PATH; PluginAuthoringEndToEndTests does.
set -eu

# A source plugin: scaffold, build, check, run.
txfeed plugins new my-bank
make -C my-bank
txfeed plugins check my-bank/libmy-bank.so
txfeed run -s my-bank:Savings,transactions=4 --plugin-path my-bank/ --sink ndjson

# A sink plugin: the merged feed through it, into a file that appears only if all went well.
txfeed plugins new my-export --kind sink
make -C my-export
txfeed plugins check my-export/libmy-export.so
txfeed run -s my-bank --sink my-export -o feed.tsv --plugin-path my-bank/ --plugin-path my-export/
cat feed.tsv

# Without the Makefile: txfeed itself knows where its header is.
cc -shared -fPIC $(txfeed plugins cflags) -o my-bank/libmy-bank.so my-bank/my-bank.c $(pkg-config --libs jansson)
txfeed plugins check my-bank/libmy-bank.so
