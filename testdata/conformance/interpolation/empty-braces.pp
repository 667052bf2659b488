notice("v=${}")
