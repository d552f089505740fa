import TxFeed
