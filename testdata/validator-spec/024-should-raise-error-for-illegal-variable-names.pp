$Aaa
