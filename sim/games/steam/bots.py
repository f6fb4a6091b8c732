BOTS: dict = {}
