define any {}
