notice("v=${class}")
