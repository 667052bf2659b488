$ok = 1
[1].each |$Item| { notice($Item) }
