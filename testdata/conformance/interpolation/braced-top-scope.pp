notice("v=${::osfamily}")
