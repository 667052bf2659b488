$z = 1
notice("v=${"nested ${z}"}")
