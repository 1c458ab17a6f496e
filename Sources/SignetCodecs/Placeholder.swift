// Placeholder until this stage lands; delete when the first real file is added.
