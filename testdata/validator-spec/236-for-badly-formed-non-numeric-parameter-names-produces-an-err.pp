with() |$Ateam| {}
