define tuple {}
