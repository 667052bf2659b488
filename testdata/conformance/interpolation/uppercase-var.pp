notice("v=$Abc")
