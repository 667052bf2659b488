define array {}
