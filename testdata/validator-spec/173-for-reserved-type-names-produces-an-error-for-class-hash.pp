class hash {}
