define hash {}
