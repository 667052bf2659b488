define integer {}
