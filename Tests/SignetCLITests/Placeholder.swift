// Placeholder until this target's first real file is added.
