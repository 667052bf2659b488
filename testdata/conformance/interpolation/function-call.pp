notice("v=${join(['a', 'b'], ',')}")
