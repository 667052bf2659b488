$h = {'k' => 1}
notice("v=${h["k"]}")
