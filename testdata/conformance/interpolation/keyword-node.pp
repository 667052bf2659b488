notice("v=${node}")
