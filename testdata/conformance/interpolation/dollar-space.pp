notice("$ 5")
