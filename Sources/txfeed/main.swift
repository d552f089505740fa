print("txfeed")
