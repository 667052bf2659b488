$x = {class => 1}
