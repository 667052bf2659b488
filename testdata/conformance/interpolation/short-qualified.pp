notice("v=$::osfamily $a::b")
