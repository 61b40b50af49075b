import {
  Award, Book, BookOpen, Bookmark, Camera, Feather, FileText, Glasses, Globe, GraduationCap,
  Library, Lightbulb, Music, Palette, PenLine, Pencil, Quote, Scroll, Star, User, type LucideIcon,
} from 'lucide-react';
import type { ProfileIcon } from '@common/profile/icons';

/** The lucide icon drawn for each stored profileIcon name. */
export const PROFILE_ICON_COMPONENTS: Record<ProfileIcon, LucideIcon> = {
  'Open Book': BookOpen,
  Book,
  Feather,
  'Pen Line': PenLine,
  Glasses,
  Bookmark,
  Scroll,
  Library,
  Award,
  Pencil,
  'File Text': FileText,
  'Graduation Cap': GraduationCap,
  Quote,
  Star,
  Lightbulb,
  Palette,
  Music,
  Camera,
  Globe,
  User,
};
